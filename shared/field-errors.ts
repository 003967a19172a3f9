import type { z } from "zod";
import { isMessageCode, M, type MessageCode } from "./messages";

export type FieldErrors<T> = Partial<Record<keyof T, MessageCode>>;

/** The first message for each field of a shared schema's refusal, the way forms show them under the input. */
export function fieldErrors<T>(error: z.ZodError<T>): FieldErrors<T> {
  const out: Record<string, MessageCode> = {};
  for (const issue of error.issues) {
    out[String(issue.path[0])] ??= isMessageCode(issue.message) ? issue.message : M.request.invalid;
  }
  return out as FieldErrors<T>;
}
