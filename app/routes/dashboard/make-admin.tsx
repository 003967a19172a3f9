import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { deleteUser, demoteFromAdmin, listUsers, promoteToAdmin } from "@server/use-cases/users";
import { M } from "@shared/messages";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import { act, load, succeeded, unknownIntent } from "~/door/page-door.server";
import { userView } from "~/door/views.server";
import { useActionToast } from "~/lib/use-action-toast";
import { formOf } from "~/door/form-input.server";
import type { Route } from "./+types/make-admin";

export async function loader(args: Route.LoaderArgs) {
  // Asked here too: a data request can name this route alone, without the admin layout above it.
  return load(args, async (deps, actor) => ({
    users: (await listUsers(deps, actor)).map(userView),
    // Your own row offers no Remove admin: an admin never locks themself out from here.
    me: actor?.id,
  }));
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const email = form.get("email");
  switch (form.get("intent")) {
    case "promote":
      // Spec §8: a refused promotion says 'Failed making an admin'.
      return act(
        args,
        (deps, actor) => promoteToAdmin(deps, actor, email),
        () => succeeded(M.user.promoted),
        {
          say: { [M.auth.admins_only]: M.user.promote_failed },
        },
      );
    case "demote":
      return act(
        args,
        (deps, actor) => demoteFromAdmin(deps, actor, email),
        () => succeeded(M.user.demoted),
      );
    case "delete":
      return act(
        args,
        (deps, actor) => deleteUser(deps, actor, email),
        () => succeeded(M.user.deleted),
      );
    default:
      return unknownIntent();
  }
}

export default function MakeAdmin({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { t } = useTranslation();
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("admin.makeAdmin")}</h2>
      <DataTable
        headers={[t("admin.serial"), t("admin.name"), t("admin.email"), t("admin.makeAdmin"), t("admin.deleteUser")]}
      >
        {loaderData.users.map((u, i) => (
          <tr key={u.id} className={rowClass}>
            <Cell>{i + 1}</Cell>
            <Cell>{u.name}</Cell>
            <Cell className="break-all">{u.email}</Cell>
            <Cell>
              {u.role === "admin" ? (
                <div className="flex flex-wrap items-center gap-2">
                  <span className="rounded bg-forest-100 px-2 py-1 font-semibold text-forest-800">
                    {t("admin.alreadyAdmin")}
                  </span>
                  {u.id !== loaderData.me && (
                    <ConfirmDialog
                      trigger={t("admin.removeAdmin")}
                      triggerClassName="rounded-md border border-stone-400 px-3 py-1.5 font-semibold text-stone-700 hover:bg-stone-50"
                      question={t("admin.removeAdminQuestion", { name: u.name || u.email })}
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
                  <button
                    type="submit"
                    className="rounded-md bg-forest-700 px-3 py-1.5 font-semibold text-white hover:bg-forest-800"
                  >
                    {t("admin.makeAdmin")}
                  </button>
                </Form>
              )}
            </Cell>
            <Cell>
              {u.role === "admin" ? (
                <span className="text-stone-400">—</span>
              ) : (
                <ConfirmDialog
                  trigger={t("admin.deleteUser")}
                  triggerClassName="rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50"
                  question={t("admin.deleteQuestion", { name: u.name })}
                  confirmLabel={t("admin.yes")}
                  cancelLabel={t("admin.no")}
                  fields={{ intent: "delete", email: u.email }}
                />
              )}
            </Cell>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
