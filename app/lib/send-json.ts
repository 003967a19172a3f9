export type SendResult<T> = { ok: true; body: T } | { ok: false; status: number; message: string };

export const NETWORK_PROBLEM = "We could not reach the store. Check your connection and try again.";

/** A JSON call to the store's own API from the browser (the session cookie goes along). Never throws. */
export async function sendJson<T>(path: string, method: string, body: unknown): Promise<SendResult<T>> {
  try {
    const res = await fetch(path, {
      method,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as T & { message?: string };
    if (res.ok) return { ok: true, body: json };
    return { ok: false, status: res.status, message: json.message ?? "Something went wrong. Please try again." };
  } catch {
    return { ok: false, status: 0, message: NETWORK_PROBLEM };
  }
}
