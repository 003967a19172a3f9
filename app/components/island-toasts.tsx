import { useT } from "~/i18n/use-t";
import { TEST_MODE_BANNER_HEIGHT } from "./layout/test-mode-banner";
import { BELOW_NAVBAR } from "./toaster-host";

/**
 * Where a page with islands shows its toasts (app/islands/toasts.ts): at the top right below the navbar, as the
 * dashboard's sonner does, with the words of the page's language. Empty until the first toast.
 */
export function IslandToasts({ belowBanner }: { belowBanner: boolean }) {
  const { t } = useT();
  const top = BELOW_NAVBAR + (belowBanner ? TEST_MODE_BANNER_HEIGHT : 0);
  return (
    <section
      aria-label={t("toasts.label")}
      data-toasts
      data-close-label={t("toasts.close")}
      className="pointer-events-none fixed inset-x-4 z-50 sm:left-auto sm:w-[356px] print:hidden"
      style={{ top }}
    >
      <ol aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-2" />
    </section>
  );
}
