import { metaTexts } from "~/i18n/meta";
import { pageTitle } from "~/lib/site";
import { pageText, useAdminT } from "~/i18n/use-page-t";
import { ProductForm } from "~/components/product-form";
import { Panel } from "~/components/ui/panel";
import { adminOnly } from "@server/context/actor";
import { addProduct } from "@server/catalog";
import { listCategories } from "@server/catalog";
import { M } from "@shared/messages";
import { formOf, productFields, typedValues } from "~/door/form-input.server";
import { act, load, succeeded } from "~/door/page-door.server";
import { categoryView } from "~/door/views.server";
import type { Route } from "./+types/add-product";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(pageText(metaTexts(matches).language, "adminPages.addProduct")) },
];

export async function loader(args: Route.LoaderArgs) {
  return load(args, async (ctx, actor) => {
    adminOnly(actor);
    return { categories: (await listCategories(ctx)).map(categoryView) };
  });
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const fields = productFields(form);
  return act(
    args,
    (ctx) => addProduct(ctx, fields),
    () => succeeded(M.product.added),
    { fields: true, values: typedValues(form) },
  );
}

/** Spec §2 Add Product. The image is kept by the store itself (POST /api/uploads), not by an outside host. */
export default function AddProduct({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminT();
  return (
    <Panel as="section" className="max-w-2xl">
      <h2 className="text-xl font-semibold text-wood-900">{t("adminPages.addProduct")}</h2>
      <ProductForm categories={loaderData.categories} />
    </Panel>
  );
}
