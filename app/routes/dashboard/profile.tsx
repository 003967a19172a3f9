import { useT } from "~/i18n/use-t";
import { Form, useLocation } from "react-router";
import { myProfile, saveMyProfile } from "@server/accounts";
import { addAddress, changeAddress, makeDefaultAddress, myAddresses, removeAddress } from "@server/delivery";
import { AddressBook } from "~/components/profile/address-book";
import { M } from "@shared/messages";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { PanelSection } from "~/components/ui/panel";
import { FormError } from "~/components/ui/form-error";
import { changeMyPassword } from "~/door/change-password.server";
import { act, load, succeeded, unknownIntent, withRetryAfter } from "~/door/page-door.server";
import { useMessage } from "~/i18n/use-message";
import { useActionToast } from "~/lib/use-action-toast";
import { formOf, typedValues } from "~/door/form-input.server";
import type { Route } from "./+types/profile";

/** A refusal for too many password changes carries its Retry-After, as the API's answer does. */
export const headers: Route.HeadersFunction = withRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  const [{ user, profile }, addresses] = await Promise.all([load(args, myProfile), load(args, myAddresses)]);
  const passwordChanged = new URL(args.request.url).searchParams.get("password") === "changed";
  return {
    user: { name: user.name, email: user.email },
    profile,
    passwordChanged,
    addresses: addresses.map((a) => ({ id: a.id, delivery: a.delivery, isDefault: a.isDefault })),
  };
}

/** The address book's forms: add, save, remove, make default. */
function addressAction(args: Route.ActionArgs, form: Record<string, FormDataEntryValue>) {
  const delivery = {
    name: form.name,
    phone: form.phone,
    division: form.division,
    district: form.district,
    address: form.address,
  };
  const options = { fields: true, values: typedValues(form) };
  switch (form.intent) {
    case "address-add":
      return act(
        args,
        (ctx) => addAddress(ctx, { delivery, isDefault: form.isDefault === "on" }),
        () => succeeded(M.address.saved),
        options,
      );
    case "address-save":
      return act(
        args,
        (ctx) => changeAddress(ctx, form.addressId, { delivery }),
        () => succeeded(M.address.saved),
        options,
      );
    case "address-remove":
      return act(
        args,
        (ctx) => removeAddress(ctx, form.addressId),
        () => succeeded(M.address.removed),
      );
    case "address-default":
      return act(
        args,
        (ctx) => makeDefaultAddress(ctx, form.addressId),
        () => succeeded(M.address.default_set),
      );
    default:
      // An intent no form of the book sends is not taken for one that does.
      return unknownIntent();
  }
}

export async function action(args: Route.ActionArgs) {
  const form = Object.fromEntries(await formOf(args.request));
  if (form.intent === "password") return changeMyPassword(args, form);
  if (typeof form.intent === "string" && form.intent.startsWith("address-")) return addressAction(args, form);
  return act(
    args,
    (ctx) => saveMyProfile(ctx, form),
    () => succeeded(M.profile.updated),
    // Refused: the message under its field and the form as typed, so that a page without JavaScript shows both.
    { fields: true, values: typedValues(form) },
  );
}

export default function MyProfile({ loaderData, actionData }: Route.ComponentProps) {
  const password = actionData && "password" in actionData ? actionData.password : undefined;
  const answered = actionData && "values" in actionData ? actionData : undefined;
  const refused = answered?.values?.intent?.startsWith("address-") ? undefined : answered;
  const typed = refused?.values ?? loaderData.profile;
  // A profile field: what was typed (else as saved) and the refusal's message under it.
  const own = (name: "education" | "number" | "location") => ({
    name,
    defaultValue: typed[name],
    maxLength: 200,
    error: refused?.errors?.[name],
  });
  // A password field, never filled in again: the browser offers the saved password, or a new one.
  const secret = (name: "currentPassword" | "newPassword") => ({
    name,
    type: "password",
    autoComplete: name === "newPassword" ? "new-password" : "current-password",
    error: password?.errors[name],
  });
  useActionToast(actionData && !("password" in actionData) ? actionData : undefined);
  const { user, profile } = loaderData;
  const { t } = useT();
  const say = useMessage();
  // Drawn afresh after each answer and each visit, so no password stays typed in it.
  const passwordForm = `${useLocation().key}-${password?.id ?? ""}`;
  const summary = [
    [t("profile.name"), user.name],
    [t("profile.email"), user.email],
    [t("profile.education"), profile.education],
    [t("profile.phone"), profile.number],
    [t("profile.location"), profile.location],
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PanelSection id="my-profile" title={t("profile.title")}>
        <dl data-testid="profile-summary" className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-stone-700">
          {summary.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="break-words">{value || "—"}</dd>
            </div>
          ))}
        </dl>
      </PanelSection>
      <PanelSection id="edit-profile" title={t("profile.update")}>
        <Form method="post" className="mt-4 space-y-4">
          <Field label={t("profile.education")} {...own("education")} />
          <Field label={t("profile.number")} type="tel" {...own("number")} />
          <Field label={t("profile.location")} {...own("location")} />
          <Button type="submit" size="lg">
            {t("profile.submit")}
          </Button>
        </Form>
      </PanelSection>
      <PanelSection id="address-book" title={t("addresses.title")}>
        <AddressBook
          addresses={loaderData.addresses}
          answer={answered?.values?.intent?.startsWith("address-") ? answered : undefined}
        />
      </PanelSection>
      <PanelSection id="change-password" title={t("profile.passwordTitle")}>
        {loaderData.passwordChanged ? (
          <p role="status" className="mt-4 rounded-md bg-forest-100 px-3 py-2 text-sm text-forest-800">
            {say(M.auth.password_updated)}
          </p>
        ) : null}
        <Form key={passwordForm} method="post" noValidate className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="password" />
          <Field label={t("profile.currentPassword")} {...secret("currentPassword")} />
          <Field label={t("profile.newPassword")} {...secret("newPassword")} />
          <FormError message={password?.formError} />
          <Button type="submit" size="lg">
            {t("profile.changePassword")}
          </Button>
        </Form>
      </PanelSection>
    </div>
  );
}
