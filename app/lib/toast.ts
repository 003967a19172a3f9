import { isLanguage } from "@shared/languages";
import { translate, type Said } from "~/i18n/use-message";

/**
 * Toasts load their library (sonner) only when the first toast is shown, so pages that never toast do not
 * download it. `ToasterHost` in the root layout mounts the Toaster on that first call.
 */
type Kind = "success" | "error";

let requestMount: (() => void) | null = null;
let mounted: Promise<void> | null = null;
let resolveMounted: (() => void) | null = null;

export function registerToasterHost(mount: () => void) {
  requestMount = mount;
  // A toast asked for before the host was there (a page's effects run before the root's, as on hydration): mount now.
  if (mounted) mount();
}

export function toasterMounted() {
  resolveMounted?.();
}

export async function showToast(kind: Kind, said: Said) {
  if (!mounted) {
    mounted = new Promise<void>((resolve) => (resolveMounted = resolve));
    requestMount?.();
  }
  const [{ toast }] = await Promise.all([import("sonner"), mounted]);
  const language = document.documentElement.lang;
  toast[kind](translate(said, isLanguage(language) ? language : "en"));
}
