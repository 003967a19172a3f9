import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
export const DEMO_ADMIN = { email: "admin@randa.example", password: "randa-admin" };

let counter = 0;

export function newCustomer() {
  counter++;
  const id = `${Date.now()}-${process.pid}-${counter}`;
  return { name: `Karim ${counter}`, email: `karim-${id}@example.test`, password: "sawdust-42" };
}

/** Registers through the real sign-up endpoint; the session cookie lands in the page's browser context. */
export async function registerViaApi(page: Page, customer = newCustomer()) {
  const res = await page.request.post("/api/auth/sign-up/email", { data: customer, headers: { Origin: BASE_URL } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return customer;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** The newest message the store's mailer kept for this address (no SMTP in the browser tests). */
export function latestMailTo(email: string): { subject: string; text: string } | null {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  } catch {
    return null;
  }
  const mails = files
    .map(
      (f) =>
        JSON.parse(readFileSync(path.join(dir, f), "utf8")) as {
          to: string;
          subject: string;
          text: string;
          date: string;
        },
    )
    .filter((m) => m.to === email)
    .sort((a, b) => a.date.localeCompare(b.date));
  return mails.at(-1) ?? null;
}
