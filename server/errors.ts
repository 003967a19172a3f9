export type DomainErrorCode = "invalid" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payment_failed";

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
