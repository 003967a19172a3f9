import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

/** What a page's action answered a document POST, as the browser would see it. */
export interface ActionAnswer {
  status: number;
  /** Where a redirect sends the browser (3xx only). */
  location: string | null;
  /**
   * What the action returned, from the rendered page's hydration data (a page React does not hydrate: the toast it
   * shows); undefined when it threw or redirected.
   */
  data: unknown;
  /** The toast the page shows for it: `{ toast: {kind, message} }` (or `said: {code, message}`). */
  toast: { kind: "success" | "error"; message: string } | null;
  /** Messages under the form's fields (`{ errors: {field: message} }`) or under the whole form (`formError`). */
  formErrors: Record<string, string>;
  /** What a loader or the action threw (e.g. the admin guard's 403), as the route's error boundary gets it. */
  thrown: { status: number | null; message: string } | null;
  /** The one English message the page shows: the toast's, the first form error, or the thrown error's. */
  message: string | null;
  /** Not done: a 4xx or 5xx, an error toast or a form error. A redirect is neither done nor refused. */
  refused: boolean;
  /** Done: 200, and the page shows no error. Only a done post may change the database. */
  done: boolean;
}

const CHUNK = /window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g;
const CHUNK_PRESENT = /window\.__reactRouterContext/;

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

/**
 * The messages a page without JavaScript shows: each field's under it (`<p id="{field}-error">`, as
 * app/components/ui/field.tsx writes it) and the form's own (`<p role="alert">`, app/components/ui/form-error.tsx).
 */
function renderedErrors(html: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const m of html.matchAll(/<p id="([\w-]+)-error"[^>]*>([^<]*)<\/p>/g)) errors[m[1]!] = unescapeHtml(m[2]!);
  const form = /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(html);
  if (form) errors.form = unescapeHtml(form[1]!);
  return errors;
}

/**
 * The toast a page with islands carries for its script (`data-answer`, app/components/toast-answer.tsx and the
 * cart's message): it has no hydration data to read it from.
 */
function renderedToast(html: string): ActionAnswer["toast"] {
  const answer = /<[a-z]+ [^>]*data-answer="(success|error)"[^>]*>([^<]*)</.exec(html);
  return answer ? { kind: answer[1] as "success" | "error", message: unescapeHtml(answer[2]!) } : null;
}

interface HydrationData {
  actionData?: Record<string, unknown> | null;
  errors?: Record<string, unknown> | null;
}

/**
 * The page's hydration data: React Router writes it into the HTML as turbo-stream chunks, each a JSON string
 * in a script (`streamController.enqueue("…")`), and the browser decodes them with this same function.
 */
async function hydrationData(html: string): Promise<HydrationData> {
  const chunks = [...html.matchAll(CHUNK)].map((m) => JSON.parse(m[1]!) as string);
  if (chunks.length === 0) return {};
  const bytes = new TextEncoder().encode(chunks.join(""));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const decoded = await decodeViaTurboStream(stream, globalThis);
  await decoded.done;
  return decoded.value as HydrationData;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

function thrownOf(errors: HydrationData["errors"]): ActionAnswer["thrown"] {
  const error = Object.values(errors ?? {})[0];
  if (error === undefined) return null;
  if (isRecord(error) && typeof error.status === "number") {
    return { status: error.status, message: englishOf(error.data) ?? JSON.stringify(error.data) };
  }
  return { status: null, message: error instanceof Error ? error.message : String(error) };
}

/** A message as an action words it: English text, or a catalogue message `{code, params, message}`. */
function englishOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  return isRecord(value) && typeof value.message === "string" ? value.message : null;
}

function messagesOf(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const english = Object.entries(value).map(([field, said]) => [field, englishOf(said)] as const);
  return Object.fromEntries(english.filter((e): e is [string, string] => e[1] !== null));
}

/** An answer that is not a page: the cross-site guard's JSON `{message}`, or React Router's plain text. */
function plainMessage(type: string, body: string): string | null {
  if (type.startsWith("text/plain")) return body || null;
  if (!type.startsWith("application/json")) return null;
  try {
    const { message } = JSON.parse(body) as { message?: unknown };
    return typeof message === "string" ? message : null;
  } catch {
    return null;
  }
}

/** Reads a document POST's answer: its status and redirect, and what the action said on the rendered page. */
export async function readAnswer(res: Response): Promise<ActionAnswer> {
  const location = res.status >= 300 && res.status < 400 ? res.headers.get("location") : null;
  const type = res.headers.get("content-type") ?? "";
  const body = await res.text();
  const { actionData, errors } = type.startsWith("text/html") ? await hydrationData(body) : {};
  // A page that React does not hydrate (the sign-in pages, the product page, the cart) has no hydration data: what
  // its action said is read as the customer reads it, from the page.
  const rendered = type.startsWith("text/html") && !CHUNK_PRESENT.test(body);
  const shownToast = rendered ? renderedToast(body) : null;
  const data = rendered ? (shownToast ? { toast: shownToast } : undefined) : Object.values(actionData ?? {})[0];
  const result = isRecord(data) ? data : {};
  const toast = isRecord(result.toast)
    ? {
        kind: result.toast.kind as "success" | "error",
        message: englishOf(result.toast.message ?? result.toast.said) ?? JSON.stringify(result.toast),
      }
    : null;
  const formErrors = messagesOf(result.errors);
  const formError = englishOf(result.formError);
  if (formError) formErrors.form = formError;
  if (rendered) Object.assign(formErrors, renderedErrors(body));
  const thrown = thrownOf(errors);
  const message = toast?.message ?? Object.values(formErrors)[0] ?? thrown?.message ?? plainMessage(type, body);
  const refused = res.status >= 400 || toast?.kind === "error" || Object.keys(formErrors).length > 0;
  const done = res.status === 200 && !refused;
  return { status: res.status, location, data, toast, formErrors, thrown, message, refused, done };
}
