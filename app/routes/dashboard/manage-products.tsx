import { metaTexts } from "~/i18n/meta";
import { pageTitle } from "~/lib/site";
import { pageText, useAdminT } from "~/i18n/use-page-t";
import { useFormat } from "~/i18n/use-format";
import { Form, Link, useLocation } from "react-router";
import { deleteProduct, productsToManage } from "@server/catalog";
import { listCategories } from "@server/catalog";
import { M } from "@shared/messages";
import { MAX_QUERY_LENGTH, paramsOf } from "@shared/list-page";
import { PRODUCT_LIST_PARAMS, PRODUCT_SORTS, type ProductSort } from "@shared/list-choices";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field, SelectField } from "~/components/ui/field";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import { Notice } from "~/components/ui/notice";
import { Pager } from "~/components/ui/pager";
import { SearchButtons } from "~/components/ui/search-buttons";
import { act, load, succeeded } from "~/door/page-door.server";
import { categoryView, productView } from "~/door/views.server";
import { imageSources } from "@shared/image-sources";
import { useActionToast } from "~/lib/use-action-toast";
import { formOf } from "~/door/form-input.server";
import type { Route } from "./+types/manage-products";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(pageText(metaTexts(matches).language, "adminPages.manageProducts")) },
];

export async function loader(args: Route.LoaderArgs) {
  const params = paramsOf(new URL(args.request.url).searchParams, PRODUCT_LIST_PARAMS);
  // Asked here too: a data request can name this route alone, without the admin layout above it.
  return load(args, async (ctx) => {
    const { items, ...page } = await productsToManage(ctx, params);
    return {
      products: items.map(productView),
      page,
      categories: (await listCategories(ctx)).map(categoryView),
      search: {
        q: params.q ?? "",
        category: params.category ?? "",
        sort: params.sort === "relevance" ? "" : (params.sort ?? ""),
        limit: params.limit ?? "",
      },
    };
  });
}

export async function action(args: Route.ActionArgs) {
  const productId = (await formOf(args.request)).get("productId");
  return act(
    args,
    (ctx) => deleteProduct(ctx, productId),
    () => succeeded(M.product.removed),
  );
}

const headers = [
  "adminPages.serial",
  "adminPages.photo",
  "adminPages.productName",
  "adminPages.price",
  "adminPages.quantity",
  "adminPages.edit",
  "adminPages.deleteProduct",
] as const;

const SORT_LABELS = {
  relevance: "adminPages.sortRelevance",
  newest: "adminPages.sortNewest",
  "price-asc": "adminPages.sortPriceAsc",
  "price-desc": "adminPages.sortPriceDesc",
  name: "adminPages.sortName",
} as const satisfies Record<ProductSort, string>;

/**
 * Spec §2 Manage Products, a page at a time, searched as the shop is (words, a category, a sort), with an Edit
 * link beside each product. Delete posts to this page's own URL and Edit comes back to it: the page stays.
 */
export default function ManageProducts({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { products, page, categories, search } = loaderData;
  const { t, language } = useAdminT();
  const format = useFormat();
  const { search: here } = useLocation();
  const first = (page.page - 1) * page.limit;
  const filtered = Boolean(search.q || search.category || search.sort);
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-wood-900">{t("adminPages.manageProducts")}</h2>
        <ButtonLink to="/dashboard/addproduct">{t("adminPages.addProduct")}</ButtonLink>
      </div>
      <Form method="get" role="search" className="mt-4 grid items-end gap-3 sm:grid-cols-[2fr_1fr_1fr_auto]">
        {/* A page size asked for in the URL stays through a new search. */}
        {search.limit ? <input type="hidden" name="limit" value={search.limit} /> : null}
        <Field
          key={`q:${search.q}`}
          id="product-search"
          label={t("adminPages.searchProducts")}
          type="search"
          name="q"
          defaultValue={search.q}
          maxLength={MAX_QUERY_LENGTH}
        />
        <SelectField
          key={`category:${search.category}`}
          id="product-category"
          label={t("adminPages.category")}
          name="category"
          defaultValue={search.category}
        >
          <option value="">{t("adminPages.allCategories")}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {language === "bn" ? c.nameBn : c.nameEn}
            </option>
          ))}
        </SelectField>
        <SelectField
          key={`sort:${search.sort}`}
          id="product-sort"
          label={t("adminPages.sort")}
          name="sort"
          defaultValue={search.sort}
        >
          {PRODUCT_SORTS.map((sort) => (
            // Best match is the list's own order (the newest first when there is no search): no parameter.
            <option key={sort} value={sort === "relevance" ? "" : sort}>
              {t(SORT_LABELS[sort])}
            </option>
          ))}
        </SelectField>
        <div className="flex items-center gap-2">
          <SearchButtons
            label={t("adminPages.search")}
            clear={filtered ? { to: "/dashboard/manageproduct", label: t("admin.showAll") } : null}
          />
        </div>
      </Form>
      <p className="mt-3 text-sm text-stone-600" aria-live="polite">
        {t("adminPages.productsFound", { n: format.count(page.total) })}
      </p>
      {products.length === 0 ? (
        <Notice>{t("adminPages.noProductsMatch")}</Notice>
      ) : (
        <DataTable headers={headers.map((h) => t(h))} minWidth={760}>
          {products.map((p, i) => (
            <tr key={p.id} className={rowClass}>
              <Cell>{format.count(first + i + 1)}</Cell>
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
              <Cell className="whitespace-nowrap">
                {/* The stock links to its ledger: where the pieces came from and went. */}
                <Link
                  to={`/dashboard/stock?product=${p.id}`}
                  className="underline decoration-wood-300 hover:text-forest-700"
                >
                  {format.pieces(p.availability)}
                  <span className="sr-only"> {t("adminPages.stockLedger")}</span>
                </Link>
              </Cell>
              <Cell>
                <Link
                  to={`/dashboard/manageproduct/${p.id}${here}`}
                  aria-label={t("adminPages.editLabel", { name: p.name })}
                  className="font-semibold text-forest-700 underline"
                >
                  {t("adminPages.edit")}
                </Link>
              </Cell>
              <Cell>
                <ConfirmDialog
                  trigger={t("adminPages.delete")}
                  triggerClassName={buttonClass({ variant: "danger", size: "sm" })}
                  question={t("adminPages.deleteQuestion", { name: p.name })}
                  confirmLabel={t("admin.yes")}
                  cancelLabel={t("admin.no")}
                  fields={{ productId: p.id }}
                />
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager {...page} />
    </section>
  );
}
