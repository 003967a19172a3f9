import { AppError } from "@server/errors";
import type { Message } from "@shared/messages";

export type ListOrRefusal<T> = { list: T; refused: null } | { list: null; refused: Message };

/**
 * A list page's read, or why its URL's parameters were refused (`page=-1`, an unknown sort, a reversed date range):
 * the page then answers 400 and shows the message beside its search form, for the visitor to correct, rather than
 * an error page. Any other refusal (not signed in, not an admin) goes on to the door.
 */
export async function listOrRefusal<T>(read: () => Promise<T>): Promise<ListOrRefusal<T>> {
  try {
    return { list: await read(), refused: null };
  } catch (err) {
    if (err instanceof AppError && err.kind === "invalid") return { list: null, refused: err.detail };
    throw err;
  }
}
