import type { z } from "zod";
import { isKnownMessageCode, M, type MessageCode } from "@shared/messages";
import { AppError, type InputIssue } from "../errors";

/** What a door passes on when the request's body could not be read as the payload it should be (broken JSON). */
export class UnreadableBody {
  constructor(readonly code: MessageCode = M.request.not_json) {}
}

/** What PostgreSQL text cannot hold: U+0000, and UTF-16 halves that make no character (which no browser sends). */
export function isStorable(text: string): boolean {
  return !text.includes("\u0000") && !/\p{Cs}/u.test(text);
}

function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === "string") return !isStorable(value);
  if (typeof value === "object" && value !== null) return Object.values(value).some(holdsUnstorableText);
  return false;
}

function issuesOf(error: z.ZodError): InputIssue[] {
  return error.issues.map((issue) => {
    // The shared schemas name their messages by code; zod's own (an object where text was due, say) are kept.
    const code = isKnownMessageCode(issue.message) ? issue.message : M.request.invalid;
    const message = code === M.request.invalid ? issue.message : new AppError("invalid", code).message;
    return { field: issue.path.join("."), code, message };
  });
}

/**
 * A payload parsed with its shared schema, and held to the rule every stored text obeys. Refused input is an
 * `invalid` error whose code is the first issue's, carrying every field's issue for forms to show.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  if (raw instanceof UnreadableBody) throw new AppError("invalid", raw.code);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    const first = issues[0]!;
    throw new AppError("invalid", first.code, { message: first.message, issues });
  }
  if (holdsUnstorableText(parsed.data)) throw new AppError("invalid", M.request.unstorable_text);
  return parsed.data;
}

/**
 * An id or e-mail from a path or a form: the text, or null when it cannot name anything (not text, or text the
 * database cannot hold). Lookups answer null as "not found", as they answer an unknown one.
 */
export function key(raw: unknown): string | null {
  return typeof raw === "string" && isStorable(raw) ? raw : null;
}
