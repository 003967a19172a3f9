import { AsyncLocalStorage } from "node:async_hooks";
import { processWide } from "../process-wide";
import type { Logger } from "./logger";

export interface RequestScope {
  id: string;
  log: Logger;
  /** The signed-in account, once a guard has read the session. */
  userId?: string;
  /** What a page's loaders, actions or render threw; logged with the answer's status (server/http/request-log.ts). */
  pageErrors?: unknown[];
}

const shared = processWide("request-context", () => ({
  scope: new AsyncLocalStorage<RequestScope>(),
  /** The logger for lines written outside a request (jobs, start-up). */
  fallback: undefined as Logger | undefined,
}));
const scope = shared.scope;

export function runInRequest<T>(request: RequestScope, work: () => T): T {
  return scope.run(request, work);
}

/** The request under way, if any: its id, its logger and (once known) its user. */
export function currentRequest(): RequestScope | undefined {
  return scope.getStore();
}

/** Called where a session is read, so the request's log line names who made it. */
export function noteSignedIn(userId: string): void {
  const request = scope.getStore();
  if (request) request.userId = userId;
}

/** The logger for lines written outside a request (jobs, start-up); the services set it. */
export function setProcessLog(log: Logger): void {
  shared.fallback = log;
}

/** The request's logger (its lines carry the request id), else the process's; none before the services exist. */
export function currentLog(): Logger | undefined {
  return scope.getStore()?.log ?? shared.fallback;
}

/**
 * Keeps what a page threw for the request's log line, which knows the final status: a 5xx is a failure, a 4xx (a
 * form from another origin, say) is the client's. Outside a request it is reported at once.
 */
export function notePageError(err: unknown): void {
  const request = scope.getStore();
  if (request) (request.pageErrors ??= []).push(err);
  else shared.fallback?.error({ err }, "page failed");
}
