import { data, redirect, redirectDocument, type AppLoadContext } from "react-router";
import { CLIENT_IP_HEADER } from "@server/auth/auth";

/**
 * Calls one of Better Auth's endpoints the way the browser would, through its full handler: origin check,
 * rate limit (by the caller's address) and cookies all apply to the store's own forms too.
 */
export function callAuth(request: Request, context: AppLoadContext, path: string, body: unknown): Promise<Response> {
  const { baseURL, auth } = context.services;
  const headers = new Headers({
    "content-type": "application/json",
    origin: new URL(baseURL).origin,
    [CLIENT_IP_HEADER]: context.clientIp,
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

export async function authErrorMessage(res: Response): Promise<string> {
  if (res.status === 429) return "Too many attempts. Please wait a minute and try again.";
  try {
    const body = (await res.json()) as { message?: string };
    if (body.message) return body.message;
  } catch {
    // not JSON
  }
  return "Something went wrong. Please try again.";
}

/** What the sign-in and sign-up actions answer: field messages, or one message in red under the form. */
export interface FormResult<Fields extends string> {
  formError: string;
  errors: Partial<Record<Fields, string>>;
}

export function formError<Fields extends string>(message: string, status: number) {
  return data<FormResult<Fields>>({ formError: message, errors: {} }, { status });
}

export async function formErrorFrom<Fields extends string>(res: Response) {
  return formError<Fields>(await authErrorMessage(res), res.status);
}

export function fieldErrorsResult<Fields extends string>(errors: Partial<Record<Fields, string>>) {
  return data<FormResult<Fields>>({ formError: "", errors }, { status: 400 });
}
