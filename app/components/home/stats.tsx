import { usePageT } from "~/i18n/use-page-t";
const stats = [
  { value: "25+", label: "home.years" },
  { value: "450+", label: "home.clients" },
  { value: "50+", label: "home.partners" },
  { value: "1000K", label: "home.revenue" },
] as const;

export function Stats() {
  const { t } = usePageT();
  return (
    <section aria-label={t("home.numbers")} className="below-the-fold bg-forest-700 text-white">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-12 text-center sm:px-6 md:grid-cols-4">
        {stats.map((s) => (
          <div key={s.label} className="flex flex-col">
            <dt className="order-2 text-sm tracking-wider text-forest-100 uppercase">{t(s.label)}</dt>
            <dd className="text-4xl font-extrabold">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
