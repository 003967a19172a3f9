import { pino, type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import { loggableError } from "./safe-error";

export type { Logger };

export interface LoggerOptions {
  level: string;
  format: "json" | "pretty";
  /** Where lines go; standard output by default. Tests pass a stream they read. */
  destination?: DestinationStream;
}

/**
 * The store's logger (pino): one JSON object a line in production, coloured lines for a person in development.
 * Lines carry only the fields the code names; nothing copies a request's headers or body into a line, so
 * cookies, tokens, passwords, card numbers and addresses have no way in; an error is logged without the values
 * its statement was given.
 */
export function createLogger({ level, format, destination }: LoggerOptions): Logger {
  const out =
    destination ??
    (format === "pretty" ? pretty({ sync: true, ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss.l" }) : undefined);
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Every error a line carries, without the values a failed statement was given (./safe-error.ts).
      serializers: { err: loggableError },
      hooks: {
        // `log.error(err)`: pino would take the error's own message, parameters and all, as the line's text.
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          if (!(first instanceof Error)) return method.apply(this, args);
          const text = typeof rest[0] === "string" ? rest : [(loggableError(first) as { message: string }).message];
          return method.apply(this, [{ err: first }, ...text] as Parameters<typeof method>);
        },
      },
    },
    out ?? pino.destination({ sync: false }),
  );
}
