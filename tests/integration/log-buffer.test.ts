import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, it, onTestFinished } from "vitest";
import { createLogger } from "@server/log/logger";

describe("the store's log on its standard output", () => {
  it("keeps request lines in a buffer that leaves within a second, and sends an error's line at once", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "randa-log-"));
    // The descriptor stays open; its file may go (Linux keeps it until the descriptor closes).
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "out.log");
    // Left open: the buffer belongs to the descriptor for the rest of the process, as standard output's does.
    const fd = openSync(file, "w");
    const log = createLogger({ level: "info", format: "json", fd });
    const written = () => readFileSync(file, "utf8");

    log.info({ method: "GET", route: "/api/product", status: 200 }, "request");
    // The buffer leaves every second from the logger's making: at 300 ms the line still waits in it.
    await delay(300);
    expect(written()).toBe("");

    log.error(new Error("the database went away"), "request failed");
    // Long before the next second: the error went out at once, and the line before it with it.
    await expect.poll(written, { timeout: 500, interval: 20 }).toContain('"msg":"request failed"');
    expect(written()).toContain('"msg":"request"');

    log.info({ method: "GET", route: "/api/category", status: 200 }, "request");
    await expect.poll(written, { timeout: 2_500, interval: 50 }).toContain('"route":"/api/category"');
  });
});
