import { useTranslation } from "react-i18next";
import { Link, Outlet, isRouteErrorResponse } from "react-router";
import { adminOnly } from "@server/use-cases/actor";
import { load } from "~/door/page-door.server";
import type { Route } from "./+types/admin-only";

/** The admin guard: every admin page sits under this layout, so a customer never reaches one. */
export async function loader(args: Route.LoaderArgs) {
  await load(args, async (_deps, actor) => adminOnly(actor));
  return null;
}

export default function AdminOnly() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const { t } = useTranslation();
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
