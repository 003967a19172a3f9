import { pino, type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import { processWide } from "../process-wide";
import { loggableError } from "./safe-error";

export type { Logger };

export interface LoggerOptions {
  level: string;
  format: "json" | "pretty";
  /** Where lines go; standard output by default. Tests pass a stream they read. */
  destination?: DestinationStream;
  /** The file descriptor written through the buffer when no destination is given: standard output (1). */
  fd?: number;
}

/**
 * The store's logger (pino): one JSON object a line in production, coloured lines for a person in development.
 * Lines carry only the fields the code names; nothing copies a request's headers or body into a line, so
 * cookies, tokens, passwords, card numbers and addresses have no way in; an error is logged without the values
 * its statement was given.
 */
export function createLogger({ level, format, destination, fd = 1 }: LoggerOptions): Logger {
  const out =
    destination ??
    (format === "pretty" ? pretty({ sync: true, ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss.l" }) : undefined);
  const standard = out ? undefined : processWide(`log.fd${fd}`, () => bufferedOutput(fd));
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
        logMethod(args, method, lineLevel) {
          const [first, ...rest] = args as unknown[];
          if (!(first instanceof Error)) method.apply(this, args);
          else {
            const text = typeof rest[0] === "string" ? rest : [(loggableError(first) as { message: string }).message];
            method.apply(this, [{ err: first }, ...text] as Parameters<typeof method>);
          }
          if (lineLevel >= ERROR_LEVEL) standard?.flush();
        },
      },
    },
    out ?? standard,
  );
}

/** pino's number for `error`: a line at this level or above leaves at once. */
const ERROR_LEVEL = 50;
const BUFFERED_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

/**
 * Standard output, written from a 4 KB buffer: a line handed to the operating system alone cost 10–35 µs of CPU (a
 * worker thread's round trip each), a line among others 8 µs, and there is one for every request. The buffer leaves
 * when full, every second, at once for an error (unless a write is still under way: then within the second), and on
 * exit (pino flushes it); a process killed outright loses at most the last second's lines. One per process, as
 * standard output is (docs/decisions/0046-kept-answers-before-the-framework.md).
 */
function bufferedOutput(fd: number) {
  const stream = pino.destination({ dest: fd, sync: false, minLength: BUFFERED_BYTES });
  setInterval(() => stream.flush(), FLUSH_EVERY_MS).unref();
  return stream;
}
