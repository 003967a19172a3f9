import type { z } from "zod";
import { M } from "@shared/messages";
import { AppError } from "../errors";

/** A list's place as a next- or previous-page link carries it: JSON in base64url, opaque to the client. */
export function encodeCursor(place: unknown): string {
  return Buffer.from(JSON.stringify(place)).toString("base64url");
}

/**
 * A cursor read back and held to `schema`. One that is cut short, made up, or made for another list or sort is
 * refused with a 400 (`list.cursor_invalid`), never handed to the database.
 */
export function decodeCursor<S extends z.ZodType>(text: string, schema: S): z.output<S> {
  let place: unknown;
  try {
    place = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw new AppError("invalid", M.list.cursor_invalid);
  }
  const parsed = schema.safeParse(place);
  if (!parsed.success) throw new AppError("invalid", M.list.cursor_invalid);
  return parsed.data;
}
