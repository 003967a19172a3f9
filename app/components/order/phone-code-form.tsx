import { Form, useActionData, useNavigation } from "react-router";
import type { Message } from "@shared/messages";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { useMessage } from "~/i18n/use-message";
import { usePhoneCodeT } from "~/i18n/use-phone-code-t";
import type { ActionResult } from "~/lib/use-action-toast";

/** The page's answer to one of these forms (app/door/phone-code-actions.server.ts). */
interface PhoneCodeAnswer extends ActionResult {
  sent?: Message;
}

/**
 * A cash-on-delivery order awaiting confirmation, confirmed by its buyer with the code sent to its phone
 * (COD_VERIFY_PHONE): the code's field and "Send the code again", each posting to the page's action, with or without
 * JavaScript, and each answered beside itself. Nothing typed is given back.
 */
export function PhoneCodeForm({ phone }: { phone: string }) {
  const t = usePhoneCodeT();
  const say = useMessage();
  const answer = useActionData<PhoneCodeAnswer>();
  const pending = useNavigation().formData?.get("intent");
  const ours = (intent: string) => (answer?.values?.intent === intent ? answer : undefined);
  const checked = ours("phone-code");
  const resent = ours("phone-code-again");
  return (
    <section
      aria-labelledby="phone-code-title"
      className="mt-4 space-y-3 rounded-md border border-wood-100 bg-white p-4"
      data-testid="phone-code"
    >
      <h4 id="phone-code-title" className="font-semibold text-wood-900">
        {t("phoneCode.title")}
      </h4>
      <p className="text-sm text-stone-700">{t("phoneCode.sentTo", { phone })}</p>
      <Form method="post" preventScrollReset className="space-y-3">
        <input type="hidden" name="intent" value="phone-code" />
        <Field
          label={t("phoneCode.label")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          required
          error={checked?.errors?.code}
        />
        <p className="text-xs text-stone-600">{t("phoneCode.hint")}</p>
        <SubmitButton pending={pending === "phone-code"} pendingLabel={t("phoneCode.confirming")}>
          {t("phoneCode.confirm")}
        </SubmitButton>
      </Form>
      <Form method="post" preventScrollReset className="space-y-1">
        <input type="hidden" name="intent" value="phone-code-again" />
        <Button type="submit" variant="link" disabled={pending === "phone-code-again"}>
          {pending === "phone-code-again" ? t("phoneCode.sending") : t("phoneCode.again")}
        </Button>
        {resent?.sent ? (
          <p role="status" className="text-sm text-forest-700">
            {say(resent.sent)}
          </p>
        ) : null}
        <FormError message={resent?.errors?.again} />
      </Form>
    </section>
  );
}
