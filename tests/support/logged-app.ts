import { Writable } from "node:stream";
import { createApp } from "@server/app";
import type { Readiness } from "@server/http/readiness";
import { createLogger } from "@server/log/logger";
import type { Services } from "@server/services";
import { TEST_ORIGIN, type TestContext } from "./test-app";

/** A JSON line of the store's log. */
export interface Line {
  level: string;
  time: string;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
  userId?: string;
  err?: { message: string; stack: string };
}

/** A logger at `info` whose lines land in `text`, as a log collector would read them. */
export function loggedLines() {
  const log = { text: "" };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.text += chunk.toString();
      done();
    },
  });
  const logger = createLogger({ level: "info", format: "json", destination: sink });
  const lines = () =>
    log.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Line);
  return { log, logger, lines };
}

/** An app on the test's services whose log lines land in `text`, as a log collector would read them. */
export function loggedApp(t: TestContext, overrides: Partial<Services> = {}, readiness?: Readiness) {
  const { log, logger, lines } = loggedLines();
  const app = createApp({
    services: { ...t.services, log: logger, ...overrides },
    ...(readiness ? { readiness } : {}),
  });
  const request = (path: string, init?: RequestInit) => app.request(`${TEST_ORIGIN}${path}`, init);
  return { log, request, lines };
}
