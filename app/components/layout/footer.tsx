import { useT } from "~/i18n/use-t";
import { Link } from "react-router";
import { site } from "~/lib/site";

interface FooterProps {
  popularTags: { id: string; name: string }[];
}

export function Footer({ popularTags }: FooterProps) {
  const { t } = useT();
  return (
    <footer className="below-the-fold mt-16 bg-wood-900 text-wood-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-3 sm:px-6">
        <section>
          <h2 className="text-lg font-bold text-white">{site.name}</h2>
          <p className="mt-2 text-sm leading-relaxed">{t("footer.about")}</p>
        </section>
        <FooterSection id="footer-tags" title={t("footer.tags")}>
          <ul className="mt-3 flex flex-wrap gap-2">
            {popularTags.map((tag) => (
              <li key={tag.id}>
                <Link
                  to={`/detail/${tag.id}`}
                  className="inline-block rounded-full border border-wood-300/60 px-3 py-1 text-sm hover:bg-wood-700"
                >
                  {tag.name.split(/[,(]/)[0]!.trim()}
                </Link>
              </li>
            ))}
          </ul>
        </FooterSection>
        <FooterSection id="footer-contact" title={t("footer.contact")}>
          <address className="mt-3 space-y-1 text-sm not-italic">
            <p>{site.address}</p>
            <p>
              {t("footer.hotline")}{" "}
              <a href={site.hotlineHref} className="underline">
                {site.hotline}
              </a>
            </p>
            <p>
              {t("footer.email")}{" "}
              <a href={`mailto:${site.email}`} className="underline">
                {site.email}
              </a>
            </p>
          </address>
        </FooterSection>
      </div>
      <p className="border-t border-wood-700 py-4 text-center text-xs">
        {t("footer.copyright", { year: site.copyrightYear, name: site.name })}
      </p>
    </footer>
  );
}

/** One of the footer's columns under its small heading, which names it. */
function FooterSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-sm font-bold tracking-wider text-white uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}
