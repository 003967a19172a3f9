export type DomainErrorCode =
  "invalid" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payment_failed" | "too_large" | "unavailable";

/** What domain code throws when a request cannot be carried out; `server/api/error-handler.ts` maps it to HTTP. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const notFound = (message: string) => new DomainError("not_found", message);
export const invalid = (message: string) => new DomainError("invalid", message);
export const forbidden = (message: string) => new DomainError("forbidden", message);
export const conflict = (message: string) => new DomainError("conflict", message);
export const tooLarge = (message: string) => new DomainError("too_large", message);
export const paymentFailed = (message: string) => new DomainError("payment_failed", message);
/** A service the store depends on (a payment provider) did not answer as it should. */
export const unavailable = (message: string) => new DomainError("unavailable", message);

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (drizzle wraps it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
