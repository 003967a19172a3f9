import { usePageT } from "~/i18n/use-page-t";
import { buttonClass } from "~/components/ui/button";
export function Hero() {
  const { t } = usePageT();
  return (
    <section className="bg-wood-100/60">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-16">
        <div>
          <p className="text-sm font-bold tracking-wider text-forest-700 uppercase">{t("home.kicker")}</p>
          <h1 className="mt-3 text-3xl leading-tight font-extrabold text-wood-900 sm:text-5xl">{t("home.title")}</h1>
          <p className="mt-4 max-w-prose text-stone-700">{t("home.lead")}</p>
          <a href="#products" className={buttonClass({ size: "xl", className: "mt-6 inline-block" })}>
            {t("home.cta")}
          </a>
        </div>
        <img
          src="/images/hero.svg"
          alt={t("home.heroAlt")}
          width={1200}
          height={700}
          fetchPriority="high"
          className="h-auto w-full rounded-xl"
        />
      </div>
    </section>
  );
}
