import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** A message the mailer kept in DATA_DIR/outbox (server/mail.ts) because no SMTP server was configured. */
export interface KeptMail {
  file: string;
  date: string;
  to: string;
  subject: string;
  text: string;
}

export interface KeptMailPage {
  total: number;
  page: number;
  pages: number;
  limit: number;
  mails: KeptMail[];
}

/** The time a kept message's file name begins with (milliseconds), or 0 for a name the mailer did not write. */
const keptAt = (file: string) => Number(/^(\d+)-/.exec(file)?.[1] ?? 0);

/**
 * One page of the kept messages, newest first. Only the page's own files are read, however many are kept; a
 * missing folder is an empty outbox.
 */
export function keptMail(outboxDir: string, page: number, limit: number): KeptMailPage {
  let files: string[];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith(".json"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") files = [];
    else throw err;
  }
  files.sort((a, b) => keptAt(b) - keptAt(a) || b.localeCompare(a));
  const pages = Math.max(1, Math.ceil(files.length / limit));
  const mails = files.slice((page - 1) * limit, page * limit).map((file): KeptMail => {
    const kept = JSON.parse(readFileSync(path.join(outboxDir, file), "utf8")) as Partial<Record<string, unknown>>;
    const text = (value: unknown) => (Array.isArray(value) ? value.join(", ") : typeof value === "string" ? value : "");
    return { file, date: text(kept.date), to: text(kept.to), subject: text(kept.subject), text: text(kept.text) };
  });
  return { total: files.length, page, pages, limit, mails };
}

/** Control and text-direction characters a terminal would obey, taken out of what is printed to one. */
// eslint-disable-next-line no-control-regex -- control characters are what it takes out
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The page as `npm run admin -- outbox` prints it. */
export function formatKeptMail({ total, page, pages, limit, mails }: KeptMailPage, outboxDir: string): string {
  if (total === 0) return `No e-mails are kept in ${outboxDir}.`;
  const clean = (text: string) => text.replace(UNPRINTABLE, "");
  const lines = [`${total} e-mail(s) kept in ${outboxDir}, newest first: page ${page} of ${pages}, ${limit} a page.`];
  if (mails.length === 0) lines.push("", `There is no page ${page}.`);
  for (const m of mails) {
    lines.push("", `── ${clean(m.date)}  (${clean(m.file)})`, `To: ${clean(m.to)}`, `Subject: ${clean(m.subject)}`, "");
    lines.push(clean(m.text).trimEnd());
  }
  if (page < pages) lines.push("", `Older ones: npm run admin -- outbox --page ${page + 1}`);
  return lines.join("\n");
}
