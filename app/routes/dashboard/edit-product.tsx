import { useAdminT } from "~/i18n/use-page-t";
import { Link, useNavigate } from "react-router";
import { productToEdit, updateProduct } from "@server/catalog";
import { listCategories } from "@server/catalog";
import { M } from "@shared/messages";
import { paramsOf } from "@shared/list-page";
import { PRODUCT_LIST_PARAMS } from "@shared/list-choices";
import { ProductForm } from "~/components/product-form";
import { Panel } from "~/components/ui/panel";
import { formOf, productFields, typedValues, variantsFields } from "~/door/form-input.server";
import { besideRows } from "~/door/page-door.server";
import { VariantsForm } from "~/components/product/variants-form";
import { act, load, succeeded } from "~/door/page-door.server";
import { categoryView, editableProductView } from "~/door/views.server";
import { pageTitle } from "~/lib/site";
import type { Route } from "./+types/edit-product";

export const meta: Route.MetaFunction = ({ data }) => [{ title: pageTitle(`Edit ${data?.product.name ?? "Product"}`) }];

/** Manage Products at the page and search the admin came from: the Edit link carries them in this page's URL. */
function backToList(url: string) {
  const params = new URLSearchParams(paramsOf(new URL(url).searchParams, PRODUCT_LIST_PARAMS)).toString();
  return `/dashboard/manageproduct${params ? `?${params}` : ""}`;
}

export async function loader(args: Route.LoaderArgs) {
  return {
    ...(await load(args, async (ctx) => ({
      product: editableProductView(await productToEdit(ctx, args.params.productId)),
      categories: (await listCategories(ctx)).map(categoryView),
    }))),
    back: backToList(args.request.url),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const { productId } = args.params;
  if (form.get("intent") === "variants") {
    const { body, fieldOf } = variantsFields(form);
    return act(
      args,
      (ctx) => updateProduct(ctx, productId, body).catch((err: unknown) => Promise.reject(besideRows(err, fieldOf))),
      () => succeeded(M.product.updated),
      { fields: true, values: typedValues(form) },
    );
  }
  const fields = productFields(form);
  return act(
    args,
    (ctx) => updateProduct(ctx, productId, fields),
    () => succeeded(M.product.updated),
    { fields: true, values: typedValues(form) },
  );
}

/** Beyond the spec: an admin edits a product's name, price, stock, minimum, text or image. */
export default function EditProduct({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { product, categories, back } = loaderData;
  const { t } = useAdminT();
  return (
    <Panel as="section" className="max-w-2xl">
      <h2 className="text-xl font-semibold text-wood-900">{t("adminPages.editProduct")}</h2>
      <p className="mt-1 text-stone-600">
        {t("adminPages.snapshotNote")}{" "}
        <Link to={back} className="font-semibold text-forest-700 underline">
          {t("adminPages.backToProducts")}
        </Link>{" "}
        ·{" "}
        <Link to={`/dashboard/manageproduct/${product.id}/photos`} className="font-semibold text-forest-700 underline">
          {t("adminPages.photosLink", { n: product.images.length })}
        </Link>
      </p>
      <ProductForm key={product.id} product={product} categories={categories} onSaved={() => void navigate(back)} />
      <VariantsForm key={`variants-${product.id}`} product={product} />
    </Panel>
  );
}
