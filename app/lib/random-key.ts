/** A random key for one purchase attempt. crypto.randomUUID exists only on https and localhost pages. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
