import { Link } from "react-router";
import type { BookingOutcomeView } from "@shared/parcel-views";
import { useMessage } from "~/i18n/use-message";
import { useParcelT } from "~/i18n/use-parcel-t";

/**
 * What the courier said of each order booked together, in the order chosen: booked with its tracking code, or why
 * not. With a link to print the slips of those booked. Shown without JavaScript too: the page draws it from the
 * action's answer.
 */
export function BookingResults({
  bookings,
  nameOf,
}: {
  bookings: BookingOutcomeView[];
  nameOf: (orderId: string) => string;
}) {
  const { t } = useParcelT();
  const say = useMessage();
  const booked = bookings.flatMap((b) => (b.trackingCode ? [b.orderId] : []));
  return (
    <section
      className="mt-4 rounded-xl border border-wood-100 bg-white p-4 shadow-sm"
      aria-labelledby="booking-results"
      data-testid="booking-results"
    >
      <h3 id="booking-results" className="font-semibold text-wood-900">
        {t("parcel.results")}
      </h3>
      <ul className="mt-2 space-y-1 text-sm">
        {bookings.map((b) => (
          <li key={b.orderId} data-testid="booking-result" data-order={b.orderId}>
            <Link to={`/dashboard/order/${b.orderId}`} className="font-semibold underline">
              {nameOf(b.orderId)}
            </Link>
            {": "}
            {b.refused === undefined ? (
              <span className="text-forest-800">{t("parcel.bookedAs", { trackingCode: b.trackingCode })}</span>
            ) : (
              <span className="text-red-800" role="alert">
                {t("parcel.notBooked")}: {say(b.refused)}
              </span>
            )}
          </li>
        ))}
      </ul>
      {booked.length > 0 ? (
        <Link
          to={`/dashboard/slips?${booked.map((id) => `order=${id}`).join("&")}`}
          className="mt-3 inline-block font-semibold text-forest-700 underline"
        >
          {t("parcel.printChosen")}
        </Link>
      ) : null}
    </section>
  );
}
