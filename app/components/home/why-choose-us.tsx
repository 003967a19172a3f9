import { useT } from "~/i18n/use-t";
import type { ExpoItem } from "~/door/expo.server";

export function WhyChooseUs({ items }: { items: ExpoItem[] }) {
  const { t } = useT();
  return (
    <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <h2 id="why-heading" className="text-center text-3xl font-bold text-wood-900">
        {t("home.why")}
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.title} className="rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
            <img src={item.icon} alt="" width={48} height={48} loading="lazy" />
            <h3 className="mt-3 text-lg font-semibold text-wood-900">{item.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-stone-600">{item.desc}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
