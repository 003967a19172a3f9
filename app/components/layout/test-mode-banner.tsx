import { useT } from "~/i18n/use-t";

/** The banner's height in pixels (`h-8`): toasts open below it and the navbar. */
export const TEST_MODE_BANNER_HEIGHT = 32;

/** On every page while the built-in test-card processor takes the card payments: nothing paid here is real. */
export function TestModeBanner() {
  const { t } = useT();
  return (
    <p
      role="note"
      className="h-8 truncate bg-amber-300 px-4 text-center text-sm leading-8 font-semibold text-amber-950"
    >
      {t("nav.testMode")}
    </p>
  );
}
