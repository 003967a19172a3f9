import { localTitle } from "~/i18n/meta";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/use-format";
import { Link } from "react-router";
import { deleteProduct, productsToManage } from "@server/use-cases/catalog";
import { M } from "@shared/messages";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import { act, load, succeeded } from "~/door/page-door.server";
import { productView } from "~/door/views.server";
import { imageSources } from "@shared/image-sources";
import { useActionToast } from "~/lib/use-action-toast";
import { formOf } from "~/door/form-input.server";
import type { Route } from "./+types/manage-products";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "admin.manageProducts") }];

export async function loader(args: Route.LoaderArgs) {
  // Asked here too: a data request can name this route alone, without the admin layout above it.
  return { products: (await load(args, productsToManage)).items.map(productView) };
}

export async function action(args: Route.ActionArgs) {
  const productId = (await formOf(args.request)).get("productId");
  return act(
    args,
    (deps, actor) => deleteProduct(deps, actor, productId),
    () => succeeded(M.product.removed),
  );
}

const headers = [
  "admin.serial",
  "admin.photo",
  "admin.productName",
  "admin.price",
  "admin.quantity",
  "admin.edit",
  "admin.deleteProduct",
] as const;

/** Spec §2 Manage Products, with an Edit link beside each product. */
export default function ManageProducts({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { products } = loaderData;
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-wood-900">{t("admin.manageProducts")}</h2>
        <Link
          to="/dashboard/addproduct"
          className="rounded-md bg-forest-700 px-4 py-2 font-semibold text-white hover:bg-forest-800"
        >
          {t("admin.addProduct")}
        </Link>
      </div>
      <DataTable headers={headers.map((h) => t(h))} minWidth={760}>
        {products.map((p, i) => (
          <tr key={p.id} className={rowClass}>
            <Cell>{i + 1}</Cell>
            <Cell>
              <img
                {...imageSources(p.image)}
                sizes="64px"
                alt=""
                width={64}
                height={48}
                loading="lazy"
                className="rounded bg-paper object-contain"
              />
            </Cell>
            <Cell className="font-semibold text-wood-900">{p.name}</Cell>
            <Cell className="whitespace-nowrap">{format.money(p.pricePoisha)}</Cell>
            <Cell className="whitespace-nowrap">{format.pieces(p.availability)}</Cell>
            <Cell>
              <Link
                to={`/dashboard/manageproduct/${p.id}`}
                aria-label={t("admin.editLabel", { name: p.name })}
                className="font-semibold text-forest-700 underline"
              >
                {t("admin.edit")}
              </Link>
            </Cell>
            <Cell>
              <ConfirmDialog
                trigger={t("admin.delete")}
                triggerClassName="rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50"
                question={t("admin.deleteQuestion", { name: p.name })}
                confirmLabel={t("admin.yes")}
                cancelLabel={t("admin.no")}
                fields={{ productId: p.id }}
              />
            </Cell>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
