import { Link } from "react-router";
import type { ParcelView } from "@shared/parcel-views";
import { useParcelT } from "~/i18n/use-parcel-t";
import { ParcelSteps } from "./parcel-steps";

/**
 * The order's parcel on its view, for its buyer and the admins: the courier, the tracking code with the public page
 * that follows it, where it is and its steps; admins also get its packing slip.
 */
export function ParcelPanel({ parcel, orderId, admin }: { parcel: ParcelView; orderId: string; admin: boolean }) {
  const { t } = useParcelT();
  return (
    <section className="mt-6 border-t border-wood-100 pt-4" data-testid="parcel">
      <h3 className="text-lg font-semibold text-wood-900">{t("parcel.parcel")}</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-700">
        <dt>{t("parcel.courier")}</dt>
        <dd>{t(`parcel.couriers.${parcel.courier}`)}</dd>
        {parcel.trackingCode ? (
          <>
            <dt>{t("parcel.trackingCode")}</dt>
            <dd className="font-mono" data-testid="tracking-code">
              {parcel.trackingCode}
            </dd>
          </>
        ) : null}
      </dl>
      <h4 className="mt-3 font-semibold text-wood-900">{t("parcel.steps")}</h4>
      <ParcelSteps steps={parcel.steps} />
      {parcel.trackingCode ? (
        <div className="mt-3 flex flex-wrap gap-4">
          <Link
            to={`/track/${encodeURIComponent(parcel.trackingCode)}`}
            reloadDocument
            className="font-semibold text-forest-700 underline"
          >
            {t("parcel.follow")}
          </Link>
          {admin ? (
            <Link to={`/dashboard/slips?order=${orderId}`} className="font-semibold text-forest-700 underline">
              {t("parcel.slip")}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
