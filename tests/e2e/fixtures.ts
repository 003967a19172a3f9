import { test as base, expect } from "@playwright/test";
import { BASE_URL } from "./accounts";

/**
 * Every browser test also fails on a script error or a console error in the page: a hydration mismatch,
 * a Content-Security-Policy violation or a missing file shows up here. Expected 4xx answers (the not-found
 * pages, a form's validation answer) are let through.
 */
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[] }>({
  /** Console errors a test expects, e.g. the 403 of a page it checks is refused. */
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      // Pages without JavaScript (the sign-in pages) post their forms as documents: a refusal is the page itself,
      // answered with its 4xx status, which the browser logs as a failed load. So do the islands' forms.
      const refusedForms = new Set<string>();
      page.on("response", (res) => {
        const req = res.request();
        // A form an island posts in place (decision 0041) is answered the same, its refusal drawn on the page.
        const inPlace = req.resourceType() === "fetch" && req.headers().accept === "text/html";
        if (
          (req.isNavigationRequest() || inPlace) &&
          req.method() === "POST" &&
          res.status() >= 400 &&
          res.status() < 500
        ) {
          refusedForms.add(res.url());
        }
      });
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const url = msg.location().url;
        // Only the store's own pages count; the Google stand-in's pages are not ours.
        if (url && !url.startsWith(BASE_URL)) return;
        if (/status of 404/.test(msg.text()) && /\/(detail\/|no-such-page)/.test(url)) return;
        // A form's 4xx answer carries its messages to the page; the browser still logs the status.
        if (/status of 4\d\d/.test(msg.text()) && /\.data(\?|$)/.test(url)) return;
        errors.push(`console: ${msg.text()} (${msg.location().url})`);
      });
      await use(errors);
      const formRefusal = (e: string) =>
        /^console: Failed to load resource: the server responded with a status of 4\d\d/.test(e) &&
        refusedForms.has(/\((\S+)\)$/.exec(e)?.[1] ?? "");
      const unexpected = errors.filter(
        (e) => !formRefusal(e) && !allowedConsoleErrors.some((allowed) => allowed.test(e)),
      );
      expect(unexpected, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
