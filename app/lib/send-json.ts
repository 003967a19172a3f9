import { isMessageCode, M, type Message } from "@shared/messages";
import type { Said } from "~/i18n/use-message";

export type SendResult<T> = { ok: true; body: T } | { ok: false; status: number; said: Said };

/** What the API answered a refused call with (`{message, code}`), as a message the page can translate. */
export function refusalOf(body: unknown): Said {
  const { code, message: text, params } = (body ?? {}) as Partial<Message>;
  if (isMessageCode(code) && typeof text === "string") return { code, message: text, ...(params ? { params } : {}) };
  return M.request.failed;
}

/** A JSON call to the store's own API from the browser (the session cookie goes along). Never throws. */
export async function sendJson<T>(path: string, method: string, body: unknown): Promise<SendResult<T>> {
  try {
    const res = await fetch(path, {
      method,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const json: unknown = await res.json().catch(() => ({}));
    if (res.ok) return { ok: true, body: json as T };
    return { ok: false, status: res.status, said: refusalOf(json) };
  } catch {
    return { ok: false, status: 0, said: M.request.network };
  }
}
