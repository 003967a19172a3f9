import { useT } from "~/i18n/use-t";
import { Form } from "react-router";
import { myProfile, saveMyProfile } from "@server/use-cases/profiles";
import { M } from "@shared/messages";
import { Field } from "~/components/ui/field";
import { act, load, succeeded } from "~/door/page-door.server";
import { useActionToast } from "~/lib/use-action-toast";
import { formOf } from "~/door/form-input.server";
import type { Route } from "./+types/profile";

export async function loader(args: Route.LoaderArgs) {
  const { user, profile } = await load(args, myProfile);
  return { user: { name: user.name, email: user.email }, profile };
}

export async function action(args: Route.ActionArgs) {
  const form = Object.fromEntries(await formOf(args.request));
  return act(
    args,
    (deps, actor) => saveMyProfile(deps, actor, form),
    () => succeeded(M.profile.updated),
  );
}

export default function MyProfile({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { user, profile } = loaderData;
  const { t } = useT();
  const summary = [
    [t("profile.name"), user.name],
    [t("profile.email"), user.email],
    [t("profile.education"), profile.education],
    [t("profile.phone"), profile.number],
    [t("profile.location"), profile.location],
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="my-profile" className="rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
        <h2 id="my-profile" className="text-xl font-semibold text-wood-900">
          {t("profile.title")}
        </h2>
        <dl data-testid="profile-summary" className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-stone-700">
          {summary.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="break-words">{value || "—"}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="edit-profile" className="rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
        <h2 id="edit-profile" className="text-xl font-semibold text-wood-900">
          {t("profile.update")}
        </h2>
        <Form method="post" className="mt-4 space-y-4">
          <Field label={t("profile.education")} name="education" defaultValue={profile.education} maxLength={200} />
          <Field label={t("profile.number")} name="number" type="tel" defaultValue={profile.number} maxLength={200} />
          <Field label={t("profile.location")} name="location" defaultValue={profile.location} maxLength={200} />
          <button
            type="submit"
            className="rounded-md bg-forest-700 px-5 py-2.5 font-semibold text-white hover:bg-forest-800"
          >
            {t("profile.submit")}
          </button>
        </Form>
      </section>
    </div>
  );
}
