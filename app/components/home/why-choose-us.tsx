import { usePageT } from "~/i18n/use-page-t";
import type { ExpoItem } from "~/lib/expo.server";
import { Panel } from "~/components/ui/panel";
import { HomeSection } from "./home-section";

export function WhyChooseUs({ items }: { items: ExpoItem[] }) {
  const { t } = usePageT();
  return (
    <HomeSection headingId="why-heading" title={t("home.why")} className="below-the-fold">
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <Panel as="li" key={item.title}>
            <img src={item.icon} alt="" width={48} height={48} loading="lazy" />
            <h3 className="mt-3 text-lg font-semibold text-wood-900">{item.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-stone-600">{item.desc}</p>
          </Panel>
        ))}
      </ul>
    </HomeSection>
  );
}
