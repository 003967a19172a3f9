import { AppError } from "@server/errors";
import { checkPhoneCode, sendPhoneCode } from "@server/phone-codes";
import { M, message, type Message } from "@shared/messages";
import type { ActionResult } from "~/lib/use-action-toast";
import { formText } from "./form-input.server";
import { act, succeeded, type DoorArgs } from "./page-door.server";

/** The order pages' answer to the phone code's forms: a refusal beside its form's field, or the code sent. */
export interface PhoneCodeAnswer extends ActionResult {
  sent?: Message;
}

/** A refusal said beside `field` (the code's, or "Send the code again"'s), not as a toast a page without script hides. */
function beside(field: string) {
  return (err: unknown): never => {
    if (!(err instanceof AppError) || err.issues.length > 0 || err.kind === "unauthorized") throw err;
    throw new AppError(err.kind, err.code, {
      params: err.params,
      issues: [{ field, ...err.detail }],
      ...(err.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: err.retryAfterSeconds }),
    });
  };
}

/**
 * The order view's and Pay Order's phone-code forms (COD_VERIFY_PHONE): the buyer's code, which confirms the order,
 * or "Send the code again". The code typed is never given back.
 */
export function phoneCodeAction(args: DoorArgs, form: FormData, orderId: unknown) {
  const intent = form.get("intent") === "phone-code" ? "phone-code" : "phone-code-again";
  const values = { intent };
  if (intent === "phone-code") {
    return act(
      args,
      (ctx) => checkPhoneCode(ctx, orderId, { code: formText(form.get("code")) }).catch(beside("code")),
      (): PhoneCodeAnswer => succeeded(M.phone_code.confirmed),
      { fields: true, values },
    );
  }
  return act(
    args,
    (ctx) => sendPhoneCode(ctx, orderId).catch(beside("again")),
    (sent): PhoneCodeAnswer => ({ sent: message(M.phone_code.sent, { phone: sent.phone }), values }),
    { fields: true, values },
  );
}
