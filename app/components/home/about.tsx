import { usePageT } from "~/i18n/use-page-t";
import { site } from "~/lib/site";

export function About() {
  const { t } = usePageT();
  return (
    <section aria-labelledby="about-heading" className="below-the-fold bg-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-2">
        <div>
          <h2 id="about-heading" className="text-3xl font-bold text-wood-900">
            {t("home.aboutTitle")}
          </h2>
          <p className="mt-4 leading-relaxed text-stone-700">{t("home.about1")}</p>
          <p className="mt-3 leading-relaxed text-stone-700">{t("home.about2")}</p>
          <p className="mt-5 text-lg font-semibold text-wood-900">
            {t("home.hotline")}{" "}
            <a href={site.hotlineHref} className="text-forest-700 underline">
              {site.hotline}
            </a>
          </p>
        </div>
        <figure>
          <video
            controls
            preload="none"
            playsInline
            poster="/media/workshop-poster.webp"
            width={640}
            height={360}
            className="h-auto w-full rounded-xl bg-wood-100"
            aria-label={t("home.videoLabel")}
          >
            <source src="/media/workshop.webm" type="video/webm" />
          </video>
          <figcaption className="mt-2 text-sm text-stone-600">{t("home.videoCaption")}</figcaption>
        </figure>
      </div>
    </section>
  );
}
