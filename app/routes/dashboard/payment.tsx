import { localTitle } from "~/i18n/meta";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/use-format";
import { data, isRouteErrorResponse, Link } from "react-router";
import { orderJson } from "@server/api/serialize";
import { getOrderOf } from "@server/domain/orders";
import { getProfile } from "@server/domain/profiles";
import { DomainError } from "@server/errors";
import { PaymentCard } from "~/components/payment/payment-card";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/payment";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "payment.title") }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  try {
    const order = orderJson(await getOrderOf(context.db, user.id, params.orderId));
    const profile = await getProfile(context.db, user.id);
    const profileDelivery = { name: user.name, phone: profile.number, address: profile.location };
    const gatewayResult = new URL(request.url).searchParams.get("gateway");
    return {
      order,
      payment: context.services.payments.browser,
      gateway: context.services.gateway ? ("sslcommerz" as const) : null,
      gatewayResult,
      profileDelivery,
    };
  } catch (err) {
    if (err instanceof DomainError && err.code === "not_found") throw data(err.message, { status: 404 });
    throw err;
  }
}

/** Spec §2 Pay Order: the order on the left, the card form on the right. */
export default function PayOrder({ loaderData }: Route.ComponentProps) {
  const { order, payment, gateway, gatewayResult, profileDelivery } = loaderData;
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("payment.title")}</h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <article className="rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
          <img
            src={order.image}
            alt={order.productName}
            width={320}
            height={240}
            className="h-48 w-full rounded-md bg-paper object-contain"
          />
          <p className="mt-4 font-semibold text-forest-700">
            {t("payment.hello", { name: order.buyerName || order.buyerEmail })}
          </p>
          <h3 className="mt-1 text-lg font-semibold text-wood-900">
            {t("payment.payFor", { product: order.productName })}
          </h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-700">
            <dt>{t("payment.productPrice")}</dt>
            <dd>{format.tk(order.price)}</dd>
            <dt>{t("payment.quantity")}</dt>
            <dd>{format.pieces(order.quantity)}</dd>
            <dt className="font-semibold text-wood-900">{t("payment.payable")}</dt>
            <dd className="font-semibold text-wood-900">{format.tk(order.paybleAmount)}</dd>
          </dl>
        </article>
        <article className="rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
          <PaymentCard
            order={order}
            config={payment}
            gateway={gateway}
            gatewayResult={gatewayResult}
            profileDelivery={profileDelivery}
          />
        </article>
      </div>
    </section>
  );
}

/** An unknown, cancelled or someone else's order: said inside the dashboard, with the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("payment.title")}</h2>
      <p className="mt-4 rounded-md bg-wood-100 px-4 py-3 text-stone-700">
        {t("payment.notFound")}{" "}
        <Link to="/dashboard/orders" className="font-semibold text-forest-700 underline">
          {t("payment.backToOrders")}
        </Link>
      </p>
    </section>
  );
}
