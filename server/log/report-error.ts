import { currentLog } from "./request-context";
import { loggableError } from "./safe-error";

/**
 * Logs a failure the server recovers from or masks: the message, the error with its stack (pino's `err`
 * serializer) and the request's id when there is one. The stack stays in the server's log, never in an answer.
 */
export function reportError(message: string, err: unknown, fields: Record<string, unknown> = {}): void {
  const log = currentLog();
  if (log) log.error({ ...fields, err }, message);
  else console.error(message, loggableError(err));
}
