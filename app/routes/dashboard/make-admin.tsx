import { useAdminT } from "~/i18n/use-page-t";
import { Form } from "react-router";
import { deleteUser, demoteFromAdmin, listUsers, promoteToAdmin } from "@server/accounts";
import { M } from "@shared/messages";
import { MAX_QUERY_LENGTH, PAGE_SIZE, paramsOf } from "@shared/list-page";
import { USER_LIST_PARAMS } from "@shared/list-choices";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import { Notice } from "~/components/ui/notice";
import { Pager } from "~/components/ui/pager";
import { SearchButtons } from "~/components/ui/search-buttons";
import { act, load, succeeded, unknownIntent } from "~/door/page-door.server";
import { userView } from "~/door/views.server";
import { useActionToast } from "~/lib/use-action-toast";
import { formOf } from "~/door/form-input.server";
import { useFormat } from "~/i18n/use-format";
import type { Route } from "./+types/make-admin";

export async function loader(args: Route.LoaderArgs) {
  const params = paramsOf(new URL(args.request.url).searchParams, USER_LIST_PARAMS);
  // Asked here too: a data request can name this route alone, without the admin layout above it.
  return load(args, async (ctx, actor) => {
    const { items, ...page } = await listUsers(ctx, params, PAGE_SIZE);
    return {
      users: items.map(userView),
      page,
      q: params.q ?? "",
      // Your own row offers no Remove admin: an admin never locks themself out from here.
      me: actor?.id,
    };
  });
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const email = form.get("email");
  switch (form.get("intent")) {
    case "promote":
      // Spec §8: a refused promotion says 'Failed making an admin'.
      return act(
        args,
        (ctx) => promoteToAdmin(ctx, email),
        () => succeeded(M.user.promoted),
        {
          say: { [M.auth.admins_only]: M.user.promote_failed },
        },
      );
    case "demote":
      return act(
        args,
        (ctx) => demoteFromAdmin(ctx, email),
        () => succeeded(M.user.demoted),
      );
    case "delete":
      return act(
        args,
        (ctx) => deleteUser(ctx, email),
        () => succeeded(M.user.deleted),
      );
    default:
      return unknownIntent();
  }
}

/**
 * Spec §2 Make Admin, a page at a time (newest accounts first) with a search by any part of a name or e-mail.
 * Each button posts to this page's own URL, so the page and search stay as they were.
 */
export default function MakeAdmin({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { t } = useAdminT();
  const format = useFormat();
  const { page, q } = loaderData;
  const first = (page.page - 1) * page.limit;
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("adminPages.makeAdmin")}</h2>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="grow sm:max-w-sm">
          <label htmlFor="user-search" className="block text-sm font-semibold text-stone-700">
            {t("adminPages.searchUsers")}
          </label>
          <input
            key={q}
            id="user-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={MAX_QUERY_LENGTH}
            className="mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2"
          />
        </div>
        <SearchButtons
          label={t("adminPages.search")}
          clear={q ? { to: "/dashboard/admin", label: t("admin.showAll") } : null}
        />
      </Form>
      <p className="mt-3 text-sm text-stone-600" aria-live="polite">
        {t("adminPages.accountsFound", { n: format.count(page.total) })}
      </p>
      {loaderData.users.length === 0 ? (
        <Notice>{t("adminPages.noUsersMatch")}</Notice>
      ) : (
        <DataTable
          headers={[
            t("adminPages.serial"),
            t("adminPages.name"),
            t("adminPages.email"),
            t("adminPages.makeAdmin"),
            t("adminPages.deleteUser"),
          ]}
        >
          {loaderData.users.map((u, i) => (
            <tr key={u.id} className={rowClass}>
              <Cell>{format.count(first + i + 1)}</Cell>
              <Cell>{u.name}</Cell>
              <Cell className="break-all">{u.email}</Cell>
              <Cell>
                {u.role === "admin" ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="rounded bg-forest-100 px-2 py-1 font-semibold text-forest-800">
                      {t("adminPages.alreadyAdmin")}
                    </span>
                    {u.id !== loaderData.me && (
                      <ConfirmDialog
                        trigger={t("adminPages.removeAdmin")}
                        triggerClassName="rounded-md border border-stone-400 px-3 py-1.5 font-semibold text-stone-700 hover:bg-stone-50"
                        question={t("adminPages.removeAdminQuestion", { name: u.name || u.email })}
                        confirmLabel={t("admin.yes")}
                        cancelLabel={t("admin.no")}
                        fields={{ intent: "demote", email: u.email }}
                      />
                    )}
                  </div>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="promote" />
                    <input type="hidden" name="email" value={u.email} />
                    <Button type="submit" size="sm">
                      {t("adminPages.makeAdmin")}
                    </Button>
                  </Form>
                )}
              </Cell>
              <Cell>
                {u.role === "admin" ? (
                  <span className="text-stone-400">—</span>
                ) : (
                  <ConfirmDialog
                    trigger={t("adminPages.deleteUser")}
                    triggerClassName={buttonClass({ variant: "danger", size: "sm" })}
                    question={t("adminPages.deleteQuestion", { name: u.name })}
                    confirmLabel={t("admin.yes")}
                    cancelLabel={t("admin.no")}
                    fields={{ intent: "delete", email: u.email }}
                  />
                )}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager {...page} />
    </section>
  );
}
