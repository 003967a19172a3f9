import { isRouteErrorResponse } from "react-router";
import { trackParcel } from "@server/couriers";
import type { ParcelStepView } from "@shared/parcel-views";
import { metaTexts } from "~/i18n/meta";
import { pageTitle } from "~/lib/site";
import { noHydration } from "~/lib/hydration";
import { parcelText, useParcelT } from "~/i18n/use-parcel-t";
import { ButtonLink } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { ParcelSteps } from "~/components/parcel/parcel-steps";
import { load } from "~/door/page-door.server";
import type { Route } from "./+types/track";

// A page to read, sent as HTML alone: no JavaScript beyond what every public page has (none).
export const handle = noHydration;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(parcelText(metaTexts(matches).language, "track.title")) },
  { name: "robots", content: "noindex" },
];

/**
 * `/track/{trackingCode}`: where a parcel is and what it went through, for whoever has its code (the buyer's SMS,
 * the order view). Status steps only: no name, phone or address. An unknown code is a 404 page that says so.
 */
export async function loader(args: Route.LoaderArgs) {
  const tracking = await load(args, (ctx) => trackParcel(ctx, args.params.trackingCode));
  return {
    trackingCode: tracking.trackingCode,
    courier: tracking.courier,
    state: tracking.state,
    steps: tracking.steps.map((s): ParcelStepView => ({ state: s.state, message: s.message, at: s.at.toISOString() })),
  };
}

export default function Track({ loaderData: parcel }: Route.ComponentProps) {
  const { t } = useParcelT();
  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-wood-900 sm:text-3xl">{t("track.title")}</h1>
      <Panel className="mt-6" as="article">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-stone-700">
          <dt>{t("track.code")}</dt>
          <dd className="font-mono font-semibold break-all" data-testid="tracking-code">
            {parcel.trackingCode}
          </dd>
          <dt>{t("track.now")}</dt>
          <dd className="font-semibold text-forest-800" data-testid="parcel-state">
            {t(`parcel.states.${parcel.state}`)}
          </dd>
        </dl>
        <p className="mt-2 text-sm text-stone-600">
          {t("track.carrier", { courier: t(`parcel.couriers.${parcel.courier}`) })}
        </p>
        <h2 className="mt-6 text-lg font-semibold text-wood-900">{t("track.steps")}</h2>
        <ParcelSteps steps={parcel.steps} />
      </Panel>
    </main>
  );
}

/** An unknown tracking code: a 404 that says so, in the page's language, with the way to the shop. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useParcelT();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-2xl font-bold text-wood-900">{t("track.notFound")}</h1>
      <p className="mt-2 text-stone-600">{t("track.notFoundText")}</p>
      <ButtonLink to="/shop" size="xl" className="mt-8">
        {t("track.toShop")}
      </ButtonLink>
    </main>
  );
}
