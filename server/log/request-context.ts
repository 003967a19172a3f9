import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "./logger";

export interface RequestScope {
  id: string;
  log: Logger;
  /** The signed-in account, once a guard has read the session. */
  userId?: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

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

let fallback: Logger | undefined;

/** The logger for lines written outside a request (jobs, start-up); the services set it. */
export function setProcessLog(log: Logger): void {
  fallback = log;
}

/** The request's logger (its lines carry the request id), else the process's; none before the services exist. */
export function currentLog(): Logger | undefined {
  return scope.getStore()?.log ?? fallback;
}
