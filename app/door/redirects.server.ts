/** Longer than any page of the store's needs; a longer target is not followed. */
const MAX_TARGET_LENGTH = 2048;

/**
 * Where to send the visitor after sign-in or a language switch: `to` read as a browser reads a link on the
 * store's pages (the WHATWG URL parser, which drops tabs and newlines and reads `\` as `/`), followed only when it
 * stays on the store's origin, as a path (with its query and fragment). Anything else goes to `fallback`.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  storeURL: string,
  fallback = "/",
): string {
  if (typeof to !== "string" || to === "" || to.length > MAX_TARGET_LENGTH) return fallback;
  const store = new URL(storeURL);
  const target = parsed(to, store);
  if (target?.origin !== store.origin) return fallback;
  const path = target.pathname + target.search + target.hash;
  // A path that reads as another host once sent back (`/.//evil.example` becomes `//evil.example`) is not ours.
  if (parsed(path, store)?.origin !== store.origin || path.length > MAX_TARGET_LENGTH) return fallback;
  return path;
}

function parsed(to: string, base: URL): URL | null {
  try {
    return new URL(to, base);
  } catch {
    return null;
  }
}
