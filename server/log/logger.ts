import { pino, type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";

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
 * cookies, tokens, passwords, card numbers and addresses have no way in.
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
    },
    out ?? pino.destination({ sync: false }),
  );
}
