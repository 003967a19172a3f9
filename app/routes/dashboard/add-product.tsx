import { localTitle } from "~/i18n/meta";
import { useTranslation } from "react-i18next";
import { ProductForm } from "~/components/product-form";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/add-product";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "admin.addProduct") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

/** Spec §2 Add Product. The image is kept by the store itself (POST /api/uploads), not by an outside host. */
export default function AddProduct() {
  const { t } = useTranslation();
  return (
    <section className="max-w-2xl rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold text-wood-900">{t("admin.addProduct")}</h2>
      <ProductForm />
    </section>
  );
}
