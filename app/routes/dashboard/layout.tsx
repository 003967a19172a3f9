import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { Outlet, type ShouldRevalidateFunction } from "react-router";
import { Sidebar } from "~/components/layout/sidebar";
import { signedIn } from "@server/context/actor";
import { load } from "~/door/page-door.server";
import { userView } from "~/door/views.server";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: localTitle(matches, "nav.dashboard") },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  return { user: userView(await load(args, async (_deps, actor) => signedIn(actor))) };
}

/**
 * Moving between dashboard pages does not ask again who is signed in: each page's own loader guards its data, and
 * My Orders must be the one to notice an ended session (spec §4: it signs out and goes home). Forms revalidate.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <div className="mx-auto flex min-h-[70vh] max-w-6xl">
      <Sidebar role={loaderData.user.role} />
      <main className="min-w-0 flex-1 px-4 py-8 sm:px-8 print:p-0">
        <h1 className="text-2xl font-bold text-wood-900 sm:text-3xl print:hidden">{t("dashboard.welcome")}</h1>
        <div className="mt-6 print:mt-0">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
