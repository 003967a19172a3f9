import { isRouteErrorResponse, Link } from "react-router";
import { packingSlips } from "@server/couriers";
import { isMessageCode, type Message } from "@shared/messages";
import { metaTexts } from "~/i18n/meta";
import { pageTitle } from "~/lib/site";
import { parcelText, useParcelT } from "~/i18n/use-parcel-t";
import { useMessage } from "~/i18n/use-message";
import { Button } from "~/components/ui/button";
import { PackingSlip } from "~/components/parcel/packing-slip";
import { load } from "~/door/page-door.server";
import { packingSlipView } from "~/door/parcel-door.server";
import type { Route } from "./+types/packing-slips";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(parcelText(metaTexts(matches).language, "slip.title")) },
];

/** `/dashboard/slips?order=…&order=…`: the packing slips of booked orders, one order's or several booked together. */
export async function loader(args: Route.LoaderArgs) {
  const orders = new URL(args.request.url).searchParams.getAll("order");
  const slips = await load(args, (ctx) => packingSlips(ctx, { orders }));
  return { slips: slips.map((slip) => packingSlipView(slip, args.context.services.shop)) };
}

/**
 * Printed, each slip is one A6 page (`@page`, by its size: Chromium knows no `A6` keyword, so `size: A6` would leave
 * app.css's A4): the dashboard's navigation and this page's buttons are not printed, and a slip is cut to its page
 * rather than spill onto a second. On the screen, the slips side by side.
 */
const PRINT_STYLE = `
@page { size: 105mm 148mm; margin: 4mm; }
.packing-slip { display: flex; flex-direction: column; width: 97mm; height: 140mm; overflow: hidden; padding: 3mm;
  background: white; color: #1c1917; border: 1px solid #d6d3d1; }
.slip-qr svg { width: 100%; height: 100%; }
@media print {
  .packing-slip { border: 0; padding: 0; break-after: page; break-inside: avoid; }
  .packing-slip:last-child { break-after: auto; }
}`;

export default function PackingSlips({ loaderData }: Route.ComponentProps) {
  const { t } = useParcelT();
  return (
    <section>
      <style>{PRINT_STYLE}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h2 className="text-xl font-semibold text-wood-900">{t("slip.title")}</h2>
        <div className="flex flex-wrap items-center gap-4">
          <Link to="/dashboard/manageorder" className="font-semibold text-forest-700 underline">
            {t("slip.back")}
          </Link>
          <Button onClick={() => window.print()}>{t("slip.print")}</Button>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-4 print:mt-0 print:block">
        {loaderData.slips.map((slip) => (
          <PackingSlip key={slip.orderId} slip={slip} />
        ))}
      </div>
    </section>
  );
}

const isMessage = (value: unknown): value is Message =>
  typeof value === "object" && value !== null && isMessageCode((value as { code?: unknown }).code);

/** No order chosen, an unknown one, or one not booked: said, with the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useParcelT();
  const say = useMessage();
  if (!isRouteErrorResponse(error) || error.status === 403 || !isMessage(error.data)) throw error;
  return (
    <section role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h2 className="text-lg font-bold text-red-800">{t("slip.title")}</h2>
      <p className="mt-2 text-red-800" data-testid="slips-refused">
        {say(error.data)}
      </p>
      <Link to="/dashboard/manageorder" className="mt-4 inline-block font-semibold text-forest-700 underline">
        {t("slip.back")}
      </Link>
    </section>
  );
}
