import { useT } from "~/i18n/use-t";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { listProducts } from "@server/catalog";
import { listCategories } from "@server/catalog";
import { languageOf } from "@shared/languages";
import type { Message } from "@shared/messages";
import { PAGE_SIZE, paramsOf } from "@shared/list-page";
import { ProductListQuery } from "@shared/schemas/product-list";
import { PRODUCT_LIST_PARAMS } from "@shared/list-choices";
import { CategoryLinks } from "~/components/shop/category-links";
import { ShopFilters } from "~/components/shop/shop-filters";
import type { ShopQuery } from "~/components/shop/shop-query";
import { ShopResults } from "~/components/shop/shop-results";
import { load } from "~/door/page-door.server";
import { visitorProductView } from "~/door/views.server";
import { metaTexts } from "~/i18n/meta";
import { useMessage } from "~/i18n/use-message";
import { noHydration } from "~/lib/hydration";
import { pageTitle } from "~/lib/site";
import type { Route } from "./+types/shop";

/** Links and GET forms only: the page needs no JavaScript, and ships none when it is the first page opened. */
export const handle = noHydration;

export async function loader(args: Route.LoaderArgs) {
  const params = paramsOf(new URL(args.request.url).searchParams, PRODUCT_LIST_PARAMS);
  const language = languageOf(args.request);
  // A wrong parameter is refused by the use case (400, its message on this route's error page).
  const [page, categories] = await load(args, (ctx) =>
    Promise.all([listProducts(ctx, params, PAGE_SIZE), listCategories(ctx)]),
  );
  const { q, category, inStock, sort, limit } = ProductListQuery.parse(params);
  const query: ShopQuery = { q, category, inStock: inStock ?? false, sort, limit };
  return {
    page: { ...page, items: page.items.map((p) => visitorProductView(p, language)) },
    categories: categories.map((c) => ({
      slug: c.slug,
      name: language === "bn" ? c.nameBn : c.nameEn,
      products: c.products,
    })),
    query,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t } = metaTexts(matches);
  const query = loaderData?.query;
  const shelf = loaderData?.categories.find((c) => c.slug === query?.category)?.name;
  const title = query?.q ? t("shop.titleSearch", { q: query.q }) : (shelf ?? t("shop.title"));
  return [{ title: pageTitle(title) }, { name: "description", content: t("shop.description") }];
};

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { page, categories, query } = loaderData;
  const { t } = useT();
  const { search } = useLocation();
  const shelf = categories.find((c) => c.slug === query.category)?.name;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-wood-900 sm:text-3xl">{shelf ?? t("shop.title")}</h1>
      <div className="mt-4">
        {/* Keyed by the URL: after a client-side navigation the fields show the new list's values. */}
        <ShopFilters key={search} query={query} />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-[14rem_1fr] md:gap-8">
        <CategoryLinks categories={categories} current={query.category} />
        <ShopResults page={page} query={query} />
      </div>
    </main>
  );
}

/** A parameter the list refuses (a page past the bound, an unknown sort): its message, and a way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT();
  const say = useMessage();
  if (!isRouteErrorResponse(error) || error.status !== 400) throw error;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-wood-900 sm:text-3xl">{t("shop.title")}</h1>
      <div className="mt-4">
        <ShopFilters query={{ inStock: false }} />
      </div>
      <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-6">
        <h2 className="font-bold text-red-800">{t("shop.refused")}</h2>
        <p className="mt-2 text-red-800" data-testid="refusal">
          {say(error.data as Message)}
        </p>
        <Link to="/shop" className="mt-4 inline-block font-semibold text-forest-700 underline">
          {t("shop.allTools")}
        </Link>
      </div>
    </main>
  );
}
