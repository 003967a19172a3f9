import { Form, Link } from "react-router";
import { addToCart, changeCartLine, removeCartLine, viewCart, type CartView } from "@server/cart";
import { quoteDelivery } from "@server/checkout";
import { myAddresses } from "@server/delivery";
import type { Language } from "@shared/languages";
import { M, message } from "@shared/messages";
import { CartLines, type CartLineView } from "~/components/cart/cart-lines";
import { DistrictSelect } from "~/components/cart/district-select";
import { ButtonLink, Button } from "~/components/ui/button";
import { act, load, unknownIntent, withRetryAfter } from "~/door/page-door.server";
import { formNumber, formOf, formText } from "~/door/form-input.server";
import { localTitle } from "~/i18n/meta";
import { useFormat } from "~/i18n/use-format";
import { useMessage } from "~/i18n/use-message";
import { useT } from "~/i18n/use-t";
import type { ActionResult } from "~/lib/use-action-toast";
import { loadWholePage, withIslands } from "~/lib/hydration";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: localTitle(matches, "cart.title") },
  { name: "robots", content: "noindex" },
];

/**
 * The server's HTML with islands (app/islands/): a line's quantity and Remove post in place, the totals, the answer
 * and the navbar's count coming back with the page. docs/decisions/0041-buyer-pages-as-islands.md.
 */
export const handle = withIslands;

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadWholePage(request);
}

/** A refused cart change (the limit on cart writes) carries its Retry-After, as the API's answer does. */
export const headers: Route.HeadersFunction = withRetryAfter;

/** The cart as the page shows it: each line in the visitor's language, money in poisha. */
function cartLinesView(cart: CartView, language: Language): CartLineView[] {
  return cart.lines.map((l) => ({
    id: l.id,
    productId: l.productId,
    variantId: l.variantId,
    variant: l.label,
    name: (language === "bn" && l.nameBn) || l.name,
    image: l.image,
    pricePoisha: l.pricePoisha,
    priceWasPoisha: l.priceWasPoisha,
    quantity: l.quantity,
    minimumQuantity: l.minimumQuantity,
    availability: l.availability,
    maxPerOrder: l.maxPerOrder,
    lineTotalPoisha: l.lineTotalPoisha,
    problem: l.problem,
  }));
}

export async function loader(args: Route.LoaderArgs) {
  const asked = new URL(args.request.url).searchParams.get("district");
  return load(args, async (ctx, actor) => {
    const cart = await viewCart(ctx);
    // The estimate: the district asked for, else the signed-in customer's default address's.
    const district = asked || (actor ? (await myAddresses(ctx))[0]?.delivery.district : undefined) || null;
    const quote = district && cart.lines.length > 0 ? await quoteDelivery(ctx, { district }).catch(() => null) : null;
    return {
      lines: cartLinesView(cart, ctx.language),
      subtotalPoisha: cart.subtotalPoisha,
      district: quote ? district : null,
      chargePoisha: quote?.chargePoisha ?? null,
    };
  });
}

/** Add (from a product page or a shop card), change a line's quantity, or remove it. */
export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const intent = form.get("intent");
  const said = (code: Parameters<typeof message>[0]) => (): ActionResult => ({
    toast: { kind: "success", said: message(code), id: Date.now() },
  });
  if (intent === "add") {
    const item = {
      productId: formText(form.get("productId")),
      variantId: formText(form.get("variantId")) || undefined,
      quantity: formNumber(form.get("quantity")),
    };
    return act(args, (ctx) => addToCart(ctx, item), said(M.cart.added));
  }
  if (intent === "set") {
    const quantity = { quantity: formNumber(form.get("quantity")) };
    return act(args, (ctx) => changeCartLine(ctx, form.get("lineId"), quantity), said(M.cart.updated));
  }
  if (intent === "remove") return act(args, (ctx) => removeCartLine(ctx, form.get("lineId")), said(M.cart.removed));
  return unknownIntent();
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, subtotalPoisha, district, chargePoisha } = loaderData;
  const { t } = useT();
  const format = useFormat();
  const say = useMessage();
  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-wood-900 sm:text-3xl">{t("cart.title")}</h1>
      {/* Said on the page, with or without JavaScript; with it, as a toast too (app/islands/toasts.ts). */}
      {actionData?.toast ? (
        <p
          role="status"
          data-answer={actionData.toast.kind}
          className={`mt-4 rounded-md px-3 py-2 text-sm ${actionData.toast.kind === "success" ? "bg-forest-100 text-forest-800" : "bg-red-50 text-red-800"}`}
        >
          {say(actionData.toast.said)}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <div className="mt-8 rounded-xl border border-wood-100 bg-white p-8 text-center">
          <p className="text-stone-700">{t("cart.empty")}</p>
          <ButtonLink to="/shop" size="lg" className="mt-4">
            {t("cart.browse")}
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <CartLines lines={lines} />
          <aside aria-labelledby="cart-summary" className="h-fit rounded-xl border border-wood-100 bg-white p-5">
            <h2 id="cart-summary" className="sr-only">
              {t("cart.total")}
            </h2>
            <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-stone-700">
              <dt>{t("cart.subtotal")}</dt>
              <dd data-testid="cart-subtotal" className="text-right font-semibold">
                {format.money(subtotalPoisha)}
              </dd>
              <dt>{district ? t("cart.delivery", { district }) : t("cart.deliveryUnknown")}</dt>
              <dd data-testid="cart-delivery" className="text-right font-semibold">
                {chargePoisha === null ? "—" : chargePoisha === 0 ? t("cart.free") : format.money(chargePoisha)}
              </dd>
              <dt className="text-lg font-bold text-wood-900">{t("cart.total")}</dt>
              <dd data-testid="cart-total" className="text-right text-lg font-bold text-wood-900">
                {format.money(subtotalPoisha + (chargePoisha ?? 0))}
              </dd>
            </dl>
            <Form method="get" className="mt-4 space-y-2">
              <DistrictSelect id="estimate-district" label={t("cart.estimateFor")} value={district ?? ""} />
              <Button type="submit" variant="secondary" size="sm">
                {t("cart.estimate")}
              </Button>
            </Form>
            <ButtonLink to="/checkout" size="lg" className="mt-5 w-full text-center">
              {t("cart.checkout")}
            </ButtonLink>
            <p className="mt-3 text-center text-sm">
              <Link to="/shop" className="text-forest-700 underline">
                {t("cart.browse")}
              </Link>
            </p>
          </aside>
        </div>
      )}
    </main>
  );
}
