import { test as base, expect } from "@playwright/test";

/**
 * Every browser test also fails on a script error or a console error in the page: a hydration mismatch,
 * a Content-Security-Policy violation or a missing file shows up here. Expected 4xx answers (the not-found
 * pages, a form's validation answer) are let through.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const url = msg.location().url;
        if (/status of 404/.test(msg.text()) && /\/(detail\/|no-such-page)/.test(url)) return;
        // A form's 4xx answer carries its messages to the page; the browser still logs the status.
        if (/status of 4\d\d/.test(msg.text()) && /\.data(\?|$)/.test(url)) return;
        errors.push(`console: ${msg.text()} (${msg.location().url})`);
      });
      await use(errors);
      expect(errors, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
