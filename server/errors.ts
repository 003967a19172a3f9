import { english, message, type Message, type MessageCode, type MessageParams } from "@shared/messages";

/** What went wrong, in kinds a door can answer: each kind is one HTTP status (`STATUS_OF`). */
export type ErrorKind =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payment_failed"
  | "too_large"
  | "too_many"
  | "unavailable";

/** A field the input got wrong, and why. */
export interface InputIssue extends Message {
  field: string;
}

/**
 * Why a request cannot be carried out: a kind (which status), a stable code from the message catalogue (which
 * words, in any language) and, for refused input, the fields at fault. Use cases, the domain, providers and the
 * doors throw it; each door maps it to an answer in one place.
 */
export class AppError extends Error {
  readonly params: MessageParams | undefined;
  readonly issues: InputIssue[];
  /** For `too_many`: when the caller may try again (the answer's Retry-After). */
  readonly retryAfterSeconds: number | undefined;
  /** Fields the API's answer carries beside the message (a checkout's short lines). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    readonly kind: ErrorKind,
    readonly code: MessageCode,
    options: {
      params?: MessageParams;
      message?: string;
      issues?: InputIssue[];
      retryAfterSeconds?: number;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(options.message ?? english(code, options.params));
    this.name = "AppError";
    this.params = options.params;
    this.issues = options.issues ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra;
  }

  /** The message as it travels: code, values and English text. */
  get detail(): Message {
    return this.params
      ? { code: this.code, params: this.params, message: this.message }
      : { code: this.code, message: this.message };
  }
}

/** The one table from a kind of error to the HTTP status both doors answer with. */
export const STATUS_OF: Record<ErrorKind, 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 502> = {
  invalid: 400,
  unauthorized: 401,
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  unavailable: 502,
};

const make =
  (kind: ErrorKind) =>
  (code: MessageCode, params?: MessageParams): AppError =>
    new AppError(kind, code, { params });

export const invalid = make("invalid");
/** Input refused for one field's sake: the form shows the message under that field. */
export function fieldRefusal(field: string, code: MessageCode, params?: MessageParams): AppError {
  const said = message(code, params);
  return new AppError("invalid", said.code, { params, issues: [{ field, ...said }] });
}
export const unauthorized = make("unauthorized");
export const forbidden = make("forbidden");
export const notFound = make("not_found");
export const conflict = make("conflict");
export const paymentFailed = make("payment_failed");
export const tooLarge = make("too_large");
/**
 * A rate limit refused the request; the caller may try again after `retryAfterSeconds` (the answer's
 * Retry-After). The message says the wait in seconds up to a minute and a half, then in whole minutes.
 */
export function tooMany(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const [code, params]: [MessageCode, MessageParams] =
    seconds <= 90
      ? ["request.too_many", { seconds }]
      : ["request.too_many_minutes", { minutes: Math.ceil(seconds / 60) }];
  return new AppError("too_many", code, { params, retryAfterSeconds: seconds });
}
/** A service the store depends on (a payment provider) did not answer as it should. */
export const unavailable = make("unavailable");

/**
 * The SQLSTATE of an error PostgreSQL raised, as node-postgres and PGlite report it (drizzle wraps it in `cause`);
 * undefined for any other error.
 */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(err: unknown): boolean {
  return sqlStateOf(err) === "23505";
}

/** A row another still refers to, deleted: restrict_violation (ON DELETE RESTRICT) or foreign_key_violation. */
export function isStillReferredTo(err: unknown): boolean {
  const state = sqlStateOf(err);
  return state === "23001" || state === "23503";
}

/** The unique index a unique_violation names (`category_slug`), where the driver reports it. */
export function uniqueConstraintOf(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : undefined;
  }
  return undefined;
}

/**
 * SQLSTATEs a race between two requests can raise: a row one of them needed went (foreign_key_violation), a row
 * one of them deletes gained a referrer under an ON DELETE RESTRICT key (restrict_violation), the other took a unique
 * value first (unique_violation), or PostgreSQL chose one to give way (serialization_failure, deadlock_detected).
 */
const RACE_STATES = new Set(["23001", "23503", "23505", "40001", "40P01"]);

/**
 * An integrity error the database raised because something changed under the request, as the 409 every door
 * answers (decision 0026), or null for any other error. Use cases that expect a particular violation catch it
 * first and answer in their own words (a taken slug, an idempotent retry).
 */
export function raceConflict(err: unknown): AppError | null {
  const state = sqlStateOf(err);
  return state !== undefined && RACE_STATES.has(state) ? conflict("request.changed_meanwhile") : null;
}
