import { useTranslation } from "react-i18next";
import { Form, data } from "react-router";
import { deleteCustomer, listUsers, promoteToAdmin } from "@server/domain/users";
import { DomainError } from "@server/errors";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import { getUser, requireAdmin } from "~/lib/session.server";
import { toastError, toastSuccess, useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/make-admin";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Checked here too: a data request can name this route alone, without the admin layout above it.
  await requireAdmin(request, context);
  const users = await listUsers(context.db);
  return { users: users.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const email = String(form.get("email") ?? "");
  const actor = await getUser(request, context);
  // Checked again here: an action can be posted without the page, and a role can change in between.
  if (actor?.role !== "admin") {
    return data(toastError(intent === "promote" ? "Failed making an admin" : "Only an admin can do that."), {
      status: 403,
    });
  }
  try {
    if (intent === "promote") {
      await promoteToAdmin(context.db, email);
      return toastSuccess("Made an admin successfully");
    }
    if (intent === "delete") {
      await deleteCustomer(context.db, actor, email);
      return toastSuccess("User deleted");
    }
    return data(toastError("Unknown action"), { status: 400 });
  } catch (err) {
    if (err instanceof DomainError) return data(toastError(err.message), { status: 409 });
    throw err;
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
                <span className="rounded bg-forest-100 px-2 py-1 font-semibold text-forest-800">
                  {t("admin.alreadyAdmin")}
                </span>
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
