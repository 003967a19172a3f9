export const LANGUAGES = ["en", "bn"] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_COOKIE = "randa.lang";

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The language a request is answered in: the one the customer chose (a cookie), else the first of English and
 * Bangla in the browser's Accept-Language order, else English.
 */
export function languageOf(request: Request): Language {
  const cookie = request.headers.get("cookie") ?? "";
  const chosen = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE.replace(".", "\\.")}=([a-z]+)`).exec(cookie)?.[1];
  if (isLanguage(chosen)) return chosen;
  const accepted = (request.headers.get("accept-language") ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { base: tag.split("-")[0], q: q ? Number(q) : 1 };
    })
    .filter((a) => a.q > 0)
    .sort((a, b) => b.q - a.q);
  return accepted.map((a) => a.base).find(isLanguage) ?? "en";
}
