/**
 * An error as the log may hold it: its kind, message and stack, and what says where and why it happened, never the
 * values a failed statement was given. drizzle's DrizzleQueryError writes the statement's parameters (a buyer's
 * e-mail, a delivery address and phone) into its message and keeps them in `params`; PostgreSQL's errors repeat
 * values in `detail` ("Key (email)=(x@y) already exists", "Failing row contains (…)") and sometimes in the message
 * itself ('invalid input syntax for type uuid: "…"'). Those are cut out here, for every line the store writes.
 */

/** Fields of a PostgreSQL error (node-postgres, PGlite) that name things of the database, never values. */
const NAME_FIELDS = ["constraint", "table", "column", "dataType", "schema", "routine"];
/** …and with them, what went wrong: what a log line keeps of a database error. */
const DATABASE_FIELDS = ["code", "severity", ...NAME_FIELDS];

/** Fields never copied from any error: they hold values (PostgreSQL's, drizzle's, nodemailer's) or whole objects. */
const NEVER_COPIED = new Set([
  "params",
  "detail",
  "where",
  "hint",
  "internalQuery",
  "position",
  "internalPosition",
  "file",
  "line",
  "response",
  "rejected",
  "accepted",
  "envelope",
  "raw",
  "cause",
  "query",
  "message",
  "stack",
]);

const MAX_CAUSES = 8;
const HIDDEN = "…";

/** E-mail addresses and Bangladeshi mobile numbers, wherever an error's text names them (an SMTP refusal, say). */
const EMAIL = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[a-z]{2,}/gi;
const MOBILE = /(?<!\d)(?:\+?880|0)1[3-9]\d{8}(?!\d)/g;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  value instanceof Error ||
  (typeof value === "object" && value !== null && typeof (value as ErrorLike).message === "string");

function chainOf(err: ErrorLike): ErrorLike[] {
  const chain = [err];
  for (let e = err.cause; isErrorLike(e) && chain.length < MAX_CAUSES && !chain.includes(e); e = e.cause) chain.push(e);
  return chain;
}

/**
 * The statement (with $1 placeholders) an error carries with its parameters: drizzle's DrizzleQueryError, and
 * PGlite's own errors too.
 */
const queryOf = (e: ErrorLike) => (typeof e.query === "string" && Array.isArray(e.params) ? e.query : undefined);

/** drizzle's DrizzleQueryError, whose message is "Failed query: …\nparams: …". */
const isDrizzleQueryError = (e: ErrorLike) =>
  queryOf(e) !== undefined && String(e.message).startsWith("Failed query: ");

/** A PostgreSQL error: a five-character SQLSTATE and a severity. */
const isDatabaseError = (e: ErrorLike) =>
  typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === "string";

function parameterTexts(chain: ErrorLike[]): string[] {
  const texts = new Set<string>();
  for (const e of chain) {
    if (!queryOf(e)) continue;
    for (const value of e.params as unknown[]) {
      if (value === null || value === undefined || typeof value === "boolean") continue;
      const text = typeof value === "object" ? JSON.stringify(value) : String(value as string | number | bigint);
      // Short ones (a quantity, "en") name nobody, and cutting them would cut up the statement itself.
      if (text && text.length >= 3) texts.add(text);
    }
  }
  return [...texts].sort((a, b) => b.length - a.length);
}

/** A PostgreSQL message with every quoted value cut, keeping the names of things the statement or error names. */
function databaseMessage(e: ErrorLike, statements: string[]): string {
  const known = new Set(NAME_FIELDS.map((field) => e[field]).filter((v) => typeof v === "string"));
  return String(e.message).replace(/"([^"]*)"/g, (quoted, inside: string) =>
    known.has(inside) || (inside !== "" && statements.some((sql) => sql.includes(`"${inside}"`)))
      ? quoted
      : `"${HIDDEN}"`,
  );
}

/** The error without what it was given: `loggable` for one error, shared by pino's `err` and the fallbacks. */
export function loggableError(err: unknown): unknown {
  if (!isErrorLike(err)) return err;
  const chain = chainOf(err);
  const statements = chain.map(queryOf).filter((q): q is string => q !== undefined);
  const values = parameterTexts(chain);
  // Each message as it may be logged; an outer error's message often repeats an inner one's (Better Auth's does).
  const rewrites: [string, string][] = [];
  for (const e of chain) {
    const message = String(e.message);
    if (isDrizzleQueryError(e)) rewrites.push([message, `Failed query: ${queryOf(e)}`]);
    else if (isDatabaseError(e)) rewrites.push([message, databaseMessage(e, statements)]);
  }
  const scrub = (text: string) => {
    let out = text;
    for (const [raw, safe] of rewrites) if (raw && raw !== safe) out = out.split(raw).join(safe);
    // drizzle's "params: …" however it got into the text, and any value of a parameter that is left.
    out = out.replace(/\nparams: .*/g, `\nparams: ${HIDDEN}`);
    for (const value of values) out = out.split(value).join(HIDDEN);
    return out.replace(EMAIL, HIDDEN).replace(MOBILE, HIDDEN);
  };
  const safe: Record<string, unknown> = {
    type: typeof err.constructor === "function" && err.constructor !== Object ? err.constructor.name : err.name,
    message: chain.map((e) => scrub(String(e.message))).join(": "),
    stack: chain.map((e) => scrub(typeof e.stack === "string" ? e.stack : String(e.message))).join("\ncaused by: "),
  };
  if (statements.length > 0) safe.query = statements[0];
  for (const e of chain) {
    if (!isDatabaseError(e)) continue;
    for (const field of DATABASE_FIELDS) if (typeof e[field] === "string") safe[field] ??= e[field];
  }
  for (const [key, value] of Object.entries(err)) {
    if (NEVER_COPIED.has(key) || key in safe) continue;
    if (typeof value === "string") safe[key] = scrub(value);
    else if (typeof value === "number" || typeof value === "boolean") safe[key] = value;
  }
  return safe;
}

/** Free text bound for a log line (Better Auth's own messages): the same cuts, where no error object says more. */
export function loggableText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*/, `\nparams: ${HIDDEN}`)
    .replace(EMAIL, HIDDEN)
    .replace(MOBILE, HIDDEN);
}
