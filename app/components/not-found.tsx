import { useT } from "~/i18n/use-t";
import { ButtonLink } from "~/components/ui/button";

export function NotFound() {
  const { t } = useT();
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <img
        src="/images/not-found.svg"
        alt={t("errors.notFoundAlt")}
        width={600}
        height={400}
        className="h-auto w-full max-w-md"
      />
      <h1 className="mt-6 text-2xl font-bold text-wood-900">{t("errors.notFoundTitle")}</h1>
      <p className="mt-2 text-stone-600">{t("errors.notFoundText")}</p>
      <ButtonLink to="/" size="xl" className="mt-8">
        {t("errors.backHome")}
      </ButtonLink>
    </main>
  );
}
