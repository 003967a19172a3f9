import { data, redirect, type AppLoadContext } from "react-router";
import { AppError, raceConflict, STATUS_OF } from "@server/errors";
import type { Actor } from "@server/context/actor";
import type { RequestContext } from "@server/context/request-context";
import { M, message, type Message, type MessageCode } from "@shared/messages";
import type { ActionResult } from "~/lib/use-action-toast";
import { signOutAndGoHome } from "./sign-out.server";

export interface DoorArgs {
  request: Request;
  context: AppLoadContext;
}

export interface DoorOptions {
  /** Where a visitor who is not signed in goes: sign in and come back (default), or home, signed out (My Orders). */
  signedOut?: "login" | "home";
  /** A form with its own field errors: refused input is shown under the fields, not as a toast. */
  fields?: boolean;
  /** A message of the spec's own for an error of this code (Make Admin's 'Failed making an admin'). */
  say?: Partial<Record<MessageCode, MessageCode>>;
  /** What was typed (`typedValues`), given back with a refusal for the form to show again. */
  values?: Record<string, string>;
}

/** The signed-in user behind the request's session cookie, looked up once per request. */
export function pageActor({ context }: DoorArgs): Promise<Actor> {
  return context.ctx.actor();
}

export const succeeded = (code: MessageCode): ActionResult => ({
  toast: { kind: "success", said: message(code), id: Date.now() },
});

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, "") + url.search;
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

async function signedOutAnswer(args: DoorArgs, options: DoorOptions): Promise<Response> {
  return options.signedOut === "home" ? signOutAndGoHome(args) : loginRedirect(args.request);
}

/**
 * A loader's door: runs the use case as the request's actor. Not signed in → sign in first; not found or not
 * allowed → the route's error page with the status the API gives for the same mistake.
 */
export async function load<T>(
  args: DoorArgs,
  run: (ctx: RequestContext, actor: Actor) => Promise<T>,
  options: DoorOptions = {},
): Promise<T> {
  try {
    return await run(args.context.ctx, await pageActor(args));
  } catch (thrown) {
    const err = raceConflict(thrown) ?? thrown;
    if (!(err instanceof AppError)) throw err;
    if (err.kind === "unauthorized") throw await signedOutAnswer(args, options);
    // A page an admin's use case refuses is, to its visitor, a page for admins.
    const said = err.code === M.auth.admins_only ? message(M.auth.admin_pages_only) : err.detail;
    throw data(said, { status: STATUS_OF[err.kind] });
  }
}

/**
 * An action's door: runs the use case as the request's actor and answers `done`'s result. A refusal is the
 * API's status for the same mistake, with its message as a toast, or under the fields of a form.
 */
export async function act<T, R = ActionResult>(
  args: DoorArgs,
  run: (ctx: RequestContext, actor: Actor) => Promise<T>,
  done: (result: T) => R,
  options: DoorOptions = {},
) {
  try {
    return done(await run(args.context.ctx, await pageActor(args)));
  } catch (thrown) {
    const err = raceConflict(thrown) ?? thrown;
    if (!(err instanceof AppError)) throw err;
    if (err.kind === "unauthorized") throw await signedOutAnswer(args, options);
    const headers = err.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(err.retryAfterSeconds) };
    return data(refused(err, options), { status: STATUS_OF[err.kind], headers });
  }
}

function refused(err: AppError, options: DoorOptions): ActionResult {
  const said = options.say?.[err.code] ? message(options.say[err.code]!) : err.detail;
  if (options.fields && err.issues.length > 0) {
    const errors: Record<string, Message> = {};
    for (const { field, ...issue } of err.issues) errors[field] ??= issue;
    return { errors, ...typed(options) };
  }
  return { toast: { kind: "error", said, id: Date.now() }, ...typed(options) };
}

const typed = ({ values }: DoorOptions) => (values ? { values } : {});

/**
 * A route's `headers` for an action a rate limit may refuse: React Router passes on only an action's cookies
 * unless the route says otherwise, and a 429 page must carry its Retry-After as the API's answer does.
 */
export function withRetryAfter({ parentHeaders, actionHeaders }: { parentHeaders: Headers; actionHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** An action answering a form it does not know how to handle (an intent no button sends). */
export const unknownIntent = () =>
  data<ActionResult>(
    { toast: { kind: "error", said: message("request.unknown_action"), id: Date.now() } },
    { status: 400 },
  );

/**
 * A refusal whose issues name the API's fields (`variants.2.sku`), moved beside the form's own fields
 * (`variant.3.sku`): a form of rows posts fewer rows than it shows (blank and removed ones are not sent).
 */
export function besideRows(err: unknown, fieldOf: (field: string) => string): unknown {
  if (!(err instanceof AppError) || err.issues.length === 0) return err;
  return new AppError(err.kind, err.code, {
    params: err.params,
    issues: err.issues.map((issue) => ({ ...issue, field: fieldOf(issue.field) })),
    retryAfterSeconds: err.retryAfterSeconds,
    extra: err.extra,
  });
}

/** A refusal that names no field (an upload's), shown beside the field it was about. */
export function besideField(err: unknown, field: string): unknown {
  if (!(err instanceof AppError) || err.issues.length > 0 || err.kind !== "invalid") return err;
  return new AppError(err.kind, err.code, { params: err.params, issues: [{ field, ...err.detail }] });
}
