import { data, redirect, redirectDocument, type AppLoadContext } from "react-router";
import { CLIENT_IP_HEADER } from "@server/auth/auth";
import { isKnownMessageCode, M, message, type Message, type MessageCode, type MessageParams } from "@shared/messages";

/**
 * Calls one of Better Auth's endpoints the way the browser would, through its full handler: origin check,
 * rate limit (by the caller's address) and cookies all apply to the store's own forms too.
 */
export function callAuth(request: Request, context: AppLoadContext, path: string, body: unknown): Promise<Response> {
  const { baseURL, auth } = context.services;
  const headers = new Headers({
    "content-type": "application/json",
    origin: new URL(baseURL).origin,
    [CLIENT_IP_HEADER]: context.ctx.clientIp,
  });
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return auth.handler(
    new Request(`${baseURL}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
}

/**
 * Sends the browser on, carrying the cookies Better Auth set or cleared. `reloadDocument` makes it a full page
 * load, so nothing the page knew about the old session survives.
 */
export function redirectWithCookies(to: string, authResponse: Response, { reloadDocument = false } = {}) {
  const headers = new Headers();
  for (const cookie of authResponse.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return (reloadDocument ? redirectDocument : redirect)(to, { headers });
}

/**
 * Why an address or an account must wait, and for how long (the answer's Retry-After): in seconds up to a minute
 * and a half, then in whole minutes.
 */
export function tooManyAttempts(res: Response): Message {
  const said = Number(res.headers.get("retry-after"));
  const seconds = Number.isFinite(said) && said > 0 ? Math.ceil(said) : 60;
  return seconds <= 90
    ? message(M.auth.too_many_attempts, { seconds })
    : message(M.auth.too_many_attempts_minutes, { minutes: Math.ceil(seconds / 60) });
}

/** Better Auth's answer to a refused call, as a message of the store's catalogue. */
export async function authErrorMessage(res: Response): Promise<Message> {
  if (res.status === 429) return tooManyAttempts(res);
  try {
    const body = (await res.json()) as { code?: string; message?: string; params?: MessageParams };
    if (body.code === "INVALID_EMAIL_OR_PASSWORD") return message(M.auth.invalid_credentials);
    // The store's own refusals in Better Auth's hooks (server/auth/account-fields.ts) carry a catalogue code.
    if (isKnownMessageCode(body.code)) return message(body.code, body.params);
    if (body.message) return { code: M.auth.failed, message: body.message };
  } catch {
    // not JSON
  }
  return message(M.auth.failed);
}

/** What the sign-in and sign-up actions answer: field messages, or one message in red under the form. */
export interface FormResult<Fields extends string> {
  formError: Message | null;
  errors: Partial<Record<Fields, MessageCode>>;
  /** What was typed, for the form to show again (`typedValues`: never the password). */
  values?: Record<string, string>;
}

export function formError<Fields extends string>(
  said: Message,
  status: number,
  headers?: HeadersInit,
  values?: Record<string, string>,
) {
  return data<FormResult<Fields>>({ formError: said, errors: {}, values }, { status, headers });
}

export async function formErrorFrom<Fields extends string>(res: Response, values?: Record<string, string>) {
  return formError<Fields>(await authErrorMessage(res), res.status, retryAfterOf(res), values);
}

/** A refusal's Retry-After, passed on to the page's answer as the API's answer carries it. */
export function retryAfterOf(res: Response): HeadersInit | undefined {
  const retryAfter = res.headers.get("retry-after");
  return retryAfter ? { "Retry-After": retryAfter } : undefined;
}

export function fieldErrorsResult<Fields extends string>(
  errors: Partial<Record<Fields, MessageCode>>,
  values?: Record<string, string>,
) {
  return data<FormResult<Fields>>({ formError: null, errors, values }, { status: 400 });
}
