import { useEffect, useState } from "react";
import { redirect, useFetcher, useNavigate, type ShouldRevalidateFunction } from "react-router";
import { myProfile } from "@server/accounts";
import { checkout, checkoutSummary } from "@server/checkout";
import { M, message, type Message } from "@shared/messages";
import { poishaToTk } from "@shared/money";
import { fieldErrors, type FieldErrors } from "@shared/field-errors";
import { DeliverySchema, type Delivery } from "@shared/schemas/delivery";
import { CheckoutLines } from "~/components/cart/checkout-lines";
import { BuyerBinField } from "~/components/cart/buyer-bin-field";
import { DeliveryFields } from "~/components/payment/delivery-fields";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormError } from "~/components/ui/form-error";
import { act, load, withRetryAfter } from "~/door/page-door.server";
import { formNumber, formOf, formText, typedValues } from "~/door/form-input.server";
import { localTitle } from "~/i18n/meta";
import { useFormat } from "~/i18n/use-format";
import { useMessage } from "~/i18n/use-message";
import { useT } from "~/i18n/use-t";
import { useScripted } from "~/lib/hydration";
import { randomKey } from "~/lib/random-key";
import { showToast } from "~/lib/toast";
import type { ActionResult } from "~/lib/use-action-toast";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: localTitle(matches, "checkout.title") },
  { name: "robots", content: "noindex" },
];

/** A refused order over the rate limit carries its Retry-After, as the API's answer does. */
export const headers: Route.HeadersFunction = withRetryAfter;

/** Buy It Now's line, from the product page's form: `?productId=…&variantId=…&quantity=…`. */
function onlyOf(params: URLSearchParams) {
  const productId = params.get("productId");
  const variantId = params.get("variantId") || undefined;
  return productId ? { productId, variantId, quantity: formNumber(params.get("quantity")) } : undefined;
}

/** Checkout needs an account: a visitor signs in or up first and comes back here, the cart with them. */
export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const only = onlyOf(params);
  return load(args, async (ctx) => {
    const summary = await checkoutSummary(ctx, { district: params.get("district"), only });
    const { user, profile } = await myProfile(ctx);
    const bangla = ctx.language === "bn";
    return {
      only: only ?? null,
      lines: summary.lines.map((l) => ({ ...l, name: (bangla && l.nameBn) || l.name })),
      subtotalPoisha: summary.subtotalPoisha,
      weightGrams: summary.weightGrams,
      quote: summary.quote && { zone: summary.quote.zone.id, chargePoisha: summary.quote.chargePoisha },
      methods: summary.methods,
      addresses: summary.addresses.map((a) => ({ id: a.id, delivery: a.delivery, isDefault: a.isDefault })),
      // A new address starts from what My Profile knows: the buyer's name, phone and address.
      fromProfile: { name: user.name, phone: profile.number, address: profile.location },
      // The buyer's BIN is only for a Mushak-6.3, which only a VAT-registered shop issues: no field otherwise.
      asksBin: ctx.mushakRate !== null,
      // One key per page drawn: a double-tapped Place order places one order.
      attempt: randomKey(),
    };
  });
}

interface Placed extends ActionResult {
  placed?: { id: string; to: string; said: Message };
}

/** An order placed: the page goes on to it, so its lines are not loaded again (an empty cart would show meanwhile). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as Placed | undefined)?.placed ? false : defaultShouldRevalidate;

/** Place order: the order of the cart (or of Buy It Now's line), then its payment or its cash-on-delivery page. */
export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const params = new URL(args.request.url).searchParams;
  const addressId = formText(form.get("addressId"));
  const delivery = {
    name: formText(form.get("name")),
    phone: formText(form.get("phone")),
    division: formText(form.get("division")),
    district: formText(form.get("district")),
    address: formText(form.get("address")),
  };
  const only = onlyOf(params);
  const body = {
    ...(addressId && addressId !== "new" ? { addressId } : { delivery }),
    paymentMethod: formText(form.get("paymentMethod")) || undefined,
    saveAddress: form.get("saveAddress") === "on",
    buyerBin: formText(form.get("buyerBin"))?.trim() || undefined,
    ...(only ? { only } : {}),
  };
  // A browser running the page's script says so in what it posts (React Router hands the action the page's own URL,
  // `.data` taken off); it shows the toast and goes on itself. A browser without the script follows a redirect.
  const scripted = form.get("scripted") === "1";
  return act(
    args,
    (ctx) => checkout(ctx, body, formText(form.get("attempt"))),
    (order): Placed | Response => {
      const to = order.status === "cod" ? `/dashboard/order/${order.id}` : `/dashboard/payment/${order.id}`;
      return scripted ? { placed: { id: order.id, to, said: message(M.order.placed) } } : redirect(to);
    },
    { fields: true, values: typedValues(form) },
  );
}

/** The refusal's messages under `prefix.` (the server names a delivery field `delivery.phone`), by their own names. */
function under(errors: Record<string, Message> | undefined, prefix: string) {
  const found: Record<string, Message> = {};
  for (const [field, said] of Object.entries(errors ?? {})) {
    if (field.startsWith(`${prefix}.`)) found[field.slice(prefix.length + 1)] = said;
  }
  return found;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, subtotalPoisha, weightGrams, quote, methods, addresses, only, attempt, fromProfile, asksBin } =
    loaderData;
  const fetcher = useFetcher<Placed>();
  const navigate = useNavigate();
  const { t } = useT();
  const format = useFormat();
  const say = useMessage();
  const answer = (fetcher.data ?? actionData) as Placed | undefined;
  const typed = answer?.values ?? {};
  const fallback = addresses.find((a) => a.isDefault)?.id ?? "new";
  const [addressId, setAddressId] = useState(typed.addressId ?? fallback);
  const [checked, setChecked] = useState<FieldErrors<Delivery>>({});
  const scripted = useScripted();
  const deliveryErrors = { ...under(answer?.errors, "delivery"), ...checked };
  const busy = fetcher.state !== "idle";
  const chargePoisha = quote?.chargePoisha ?? null;

  // Once the post and the loads after it are done: a navigation started while they load is committed with this
  // page's routes (the order's address shown over an empty checkout).
  const placed = fetcher.state === "idle" ? fetcher.data?.placed : undefined;
  useEffect(() => {
    if (!placed) return;
    void showToast("success", placed.said);
    void navigate(placed.to);
  }, [placed]); // eslint-disable-line react-hooks/exhaustive-deps

  /** A district chosen: the charge is reckoned again for it (the loader runs, the form keeps what was typed). */
  function recharge(district: string) {
    const params = new URLSearchParams(
      only
        ? {
            productId: only.productId,
            ...(only.variantId ? { variantId: only.variantId } : {}),
            quantity: String(only.quantity),
          }
        : {},
    );
    if (district) params.set("district", district);
    void navigate(`?${params}`, { replace: true, preventScrollReset: true });
  }

  function place(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // A new address is checked here first with the server's own schema; a saved one is the server's to check.
    if (form.get("addressId") === "new") {
      const parsed = DeliverySchema.safeParse(Object.fromEntries(form));
      setChecked(parsed.success ? {} : fieldErrors(parsed.error));
      if (!parsed.success) return;
    }
    form.set("scripted", "1");
    void fetcher.submit(form, { method: "post" });
  }

  if (lines.length === 0) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold text-wood-900">{t("checkout.title")}</h1>
        <p className="mt-6 text-stone-700">{say(M.checkout.empty_cart)}</p>
        <ButtonLink to="/shop" size="lg" className="mt-4">
          {t("cart.browse")}
        </ButtonLink>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-wood-900 sm:text-3xl">{t("checkout.title")}</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <form method="post" noValidate onSubmit={place} className="space-y-6">
          <input type="hidden" name="attempt" value={attempt} />
          <fieldset className="space-y-4 rounded-xl border border-wood-100 bg-white p-5">
            <legend className="px-1 text-lg font-bold text-wood-900">{t("checkout.address")}</legend>
            {addresses.length > 0 ? (
              <div role="radiogroup" aria-label={t("checkout.saved")} className="space-y-2">
                {addresses.map((a) => (
                  <label key={a.id} className="flex items-start gap-2 rounded-md border border-stone-200 p-3">
                    <input
                      type="radio"
                      name="addressId"
                      value={a.id}
                      checked={addressId === a.id}
                      onChange={() => {
                        setAddressId(a.id);
                        recharge(a.delivery.district);
                      }}
                      className="mt-1"
                    />
                    <span className="text-sm text-stone-700">
                      <span className="font-semibold text-wood-900">{a.delivery.name}</span> · {a.delivery.phone}
                      <br />
                      {a.delivery.address}, {a.delivery.district}
                    </span>
                  </label>
                ))}
                <label className="flex items-center gap-2 rounded-md border border-stone-200 p-3">
                  <input
                    type="radio"
                    name="addressId"
                    value="new"
                    checked={addressId === "new"}
                    onChange={() => setAddressId("new")}
                  />
                  <span className="text-sm font-semibold text-wood-900">{t("checkout.newAddress")}</span>
                </label>
              </div>
            ) : (
              <input type="hidden" name="addressId" value="new" />
            )}
            {/* Without JavaScript the new address's fields are always there; a chosen saved address wins. */}
            <FormError message={answer?.errors?.delivery ?? answer?.errors?.addressId} />
            <div className="space-y-4" hidden={scripted && addressId !== "new"}>
              <DeliveryFields initial={answer ? typed : fromProfile} errors={deliveryErrors} onDistrict={recharge} />
              <label className="flex items-center gap-2 text-sm text-stone-700">
                <input type="checkbox" name="saveAddress" defaultChecked={typed.saveAddress === "on"} />
                {t("checkout.saveAddress")}
              </label>
            </div>
          </fieldset>
          {asksBin ? <BuyerBinField error={answer?.errors?.buyerBin} typed={typed.buyerBin} /> : null}
          <fieldset className="space-y-2 rounded-xl border border-wood-100 bg-white p-5">
            <legend className="px-1 text-lg font-bold text-wood-900">{t("checkout.payment")}</legend>
            {methods.card ? (
              <PayChoice value="card" label={t("checkout.card")} first typed={typed.paymentMethod} />
            ) : null}
            {methods.sslcommerz ? (
              <PayChoice
                value="sslcommerz"
                label={t("checkout.sslcommerz")}
                first={!methods.card}
                typed={typed.paymentMethod}
              />
            ) : null}
            <PayChoice
              value="cod"
              label={t("checkout.cod")}
              first={!methods.card && !methods.sslcommerz}
              typed={typed.paymentMethod}
              disabled={!methods.cod}
            />
            {!methods.cod ? <p className="text-sm text-stone-600">{t("checkout.codNotHere")}</p> : null}
            {methods.cod && methods.codAdvance && chargePoisha ? (
              <p className="text-sm text-stone-600" data-testid="cod-advance">
                {t("checkout.codAdvance", { charge: format.money(chargePoisha) })}
              </p>
            ) : null}
            <FormError message={answer?.errors?.paymentMethod} />
          </fieldset>
          <FormError message={answer?.toast?.said ?? shortLines(answer?.errors, lines)} />
          <Button type="submit" size="xl" className="w-full" pending={busy} pendingLabel={t("checkout.placing")}>
            {t("checkout.place")}
          </Button>
        </form>
        <aside aria-labelledby="checkout-summary" className="h-fit rounded-xl border border-wood-100 bg-white p-5">
          <h2 id="checkout-summary" className="text-lg font-bold text-wood-900">
            {t("checkout.items")}
          </h2>
          {only ? <p className="mt-1 text-sm text-stone-600">{t("checkout.buyNowOnly")}</p> : null}
          <CheckoutLines lines={lines} problems={under(answer?.errors, "lines")} />
          <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-2 border-t border-wood-100 pt-4 text-stone-700">
            <dt>{t("checkout.goods")}</dt>
            <dd className="text-right font-semibold" data-testid="checkout-goods">
              {format.money(subtotalPoisha)}
            </dd>
            <dt>
              {quote
                ? t("checkout.deliveryFor", {
                    zone: t(`zones.${quote.zone}`),
                    weight: `${format.count(Math.ceil(weightGrams / 100) / 10)} kg`,
                  })
                : t("checkout.deliveryCharge")}
            </dt>
            <dd className="text-right font-semibold" data-testid="checkout-delivery">
              {chargePoisha === null ? "—" : chargePoisha === 0 ? t("cart.free") : format.money(chargePoisha)}
            </dd>
            <dt className="text-lg font-bold text-wood-900">{t("checkout.total")}</dt>
            <dd className="text-right text-lg font-bold text-wood-900" data-testid="checkout-total">
              {format.money(subtotalPoisha + (chargePoisha ?? 0))}
            </dd>
          </dl>
          {!only ? (
            <p className="mt-3 text-sm">
              <a href="/cart" className="text-forest-700 underline">
                {t("checkout.editCart")}
              </a>
            </p>
          ) : null}
          <p className="sr-only" data-testid="checkout-total-tk">
            {poishaToTk(subtotalPoisha + (chargePoisha ?? 0))}
          </p>
        </aside>
      </div>
    </main>
  );
}

/** A refusal that named lines: the sentence that names them all, in the page's language. */
function shortLines(errors: Record<string, Message> | undefined, lines: { variantId: string; name: string }[]) {
  const named = lines.filter((l) => errors?.[`lines.${l.variantId}`]).map((l) => l.name);
  return named.length > 0 ? { code: M.checkout.lines_short, params: { lines: named.join(", ") } } : undefined;
}

function PayChoice(props: { value: string; label: string; first: boolean; typed?: string; disabled?: boolean }) {
  const { value, label, first, typed, disabled = false } = props;
  return (
    <label className={`flex items-center gap-2 ${disabled ? "text-stone-400" : "text-stone-800"}`}>
      <input
        type="radio"
        name="paymentMethod"
        value={value}
        defaultChecked={typed ? typed === value : first && !disabled}
        disabled={disabled}
      />
      {label}
    </label>
  );
}
