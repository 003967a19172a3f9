import { Writable } from "node:stream";
import { vi } from "vitest";
import { createLogger } from "@server/log/logger";

/**
 * What the store printed: its log lines (pino, into the logger this returns) and anything written with console.*,
 * as a log collector reads them. console.* is spied on until the test's mocks are restored.
 */
export function capturedOutput() {
  const captured = { text: "" };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      captured.text += chunk.toString();
      done();
    },
  });
  const log = createLogger({ level: "info", format: "json", destination: sink });
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      captured.text += `${args.map((a) => (typeof a === "string" ? a : (JSON.stringify(a) ?? String(a)))).join(" ")}\n`;
    });
  }
  const lines = () =>
    captured.text
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; msg: string; err?: Record<string, unknown> });
  return { captured, log, lines };
}
