import { M, message } from "@shared/messages";
import { reportError } from "../log/report-error";
import { loggableText } from "../log/safe-error";

const isError = (value: unknown): value is Error => value instanceof Error;

/**
 * Better Auth's logger, in the store's log: errors only (its warnings are every refused password, its info lines
 * name e-mail addresses), each as one line whose text is cut as any error is (server/log/safe-error.ts): never the
 * SQL's parameters, an address or a phone number.
 */
export const authLogger = {
  level: "error" as const,
  log(_level: string, said: string, ...args: unknown[]): void {
    reportError(`Better Auth: ${loggableText(String(said))}`, args.find(isError));
  },
};

/**
 * Better Auth's handler, with what it throws (`onAPIError.throw`: a failed statement, say) answered as the store
 * answers any failure: logged without its values, and a 500 `{message, code}` that shows none of it. Left to
 * itself, its router prints the whole error, parameters and all, to standard error.
 */
export function withMaskedFailures(handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    try {
      return await handler(request);
    } catch (err) {
      // No path: a reset link's carries its token. The request's own line (same reqId) names the route.
      reportError("an auth call failed", err);
      return Response.json(message(M.request.server_error), { status: 500 });
    }
  };
}
