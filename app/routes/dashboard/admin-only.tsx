import { useT } from "~/i18n/use-t";
import { Link, Outlet, isRouteErrorResponse, useLocation } from "react-router";
import { adminOnly } from "@server/context/actor";
import { isMessageCode, type Message } from "@shared/messages";
import { load } from "~/door/page-door.server";
import { useMessage } from "~/i18n/use-message";
import type { Route } from "./+types/admin-only";

/** The admin guard: every admin page sits under this layout, so a customer never reaches one. */
export async function loader(args: Route.LoaderArgs) {
  await load(args, async (_deps, actor) => adminOnly(actor));
  return null;
}

export default function AdminOnly() {
  return <Outlet />;
}

const isMessage = (value: unknown): value is Message =>
  typeof value === "object" && value !== null && isMessageCode((value as { code?: unknown }).code);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const { t } = useT();
  const say = useMessage();
  const { pathname } = useLocation();
  // A list asked for with a parameter it refuses (a page past the bound, a search too long): why, and the list anew.
  if (isRouteErrorResponse(error) && error.status === 400 && isMessage(error.data)) {
    return (
      <section role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
        <h2 className="text-lg font-bold text-red-800">{t("admin.listRefused")}</h2>
        <p className="mt-2 text-red-800">{say(error.data)}</p>
        <Link to={pathname} className="mt-4 inline-block font-semibold text-forest-700 underline">
          {t("admin.showAll")}
        </Link>
      </section>
    );
  }
  return (
    <section role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h2 className="text-lg font-bold text-red-800">{forbidden ? t("errors.adminsOnly") : t("errors.wrong")}</h2>
      <p className="mt-2 text-red-800">{forbidden ? t("errors.adminsOnlyText") : t("errors.tryAgain")}</p>
      <Link to="/dashboard" className="mt-4 inline-block font-semibold text-forest-700 underline">
        {t("errors.backToProfile")}
      </Link>
    </section>
  );
}
