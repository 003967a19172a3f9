import { useTranslation } from "react-i18next";

/** On every page while the built-in test-card processor takes the card payments: nothing paid here is real. */
export function TestModeBanner() {
  const { t } = useTranslation();
  return (
    <p role="note" className="bg-amber-300 px-4 py-1.5 text-center text-sm font-semibold text-amber-950">
      {t("nav.testMode")}
    </p>
  );
}
