import { metaTexts } from "~/i18n/meta";
import { pageText, usePageT } from "~/i18n/use-page-t";
import { pageTitle } from "~/lib/site";
import { useFormat } from "~/i18n/use-format";
import { noHydration } from "~/lib/hydration";
import { PanelSection } from "~/components/ui/panel";
import type { Route } from "./+types/portfolio";

export const handle = noHydration;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(pageText(metaTexts(matches).language, "portfolio.title")) },
  { name: "description", content: "The portfolio of the developer who builds the Randa store: education and skills." },
];

const skills = [
  { name: "HTML & CSS", percent: 90 },
  { name: "JavaScript", percent: 80 },
  { name: "React", percent: 75 },
  { name: "Node.js", percent: 70 },
  { name: "PostgreSQL", percent: 65 },
];

const education = {
  en: [
    { title: "BSc in Computer Science and Engineering", place: "A public university in Dhaka", years: "2016–2020" },
    { title: "Higher Secondary Certificate, Science", place: "A college in Dhaka", years: "2013–2015" },
  ],
  bn: [
    { title: "কম্পিউটার সায়েন্স অ্যান্ড ইঞ্জিনিয়ারিংয়ে বিএসসি", place: "ঢাকার একটি সরকারি বিশ্ববিদ্যালয়", years: "২০১৬–২০২০" },
    { title: "উচ্চ মাধ্যমিক সার্টিফিকেট, বিজ্ঞান", place: "ঢাকার একটি কলেজ", years: "২০১৩–২০১৫" },
  ],
};

export default function Portfolio() {
  const { t, language } = usePageT();
  const format = useFormat();
  const bangla = language === "bn";
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-wood-900">{t("portfolio.title")}</h1>
      <PanelSection id="about-me" title={t("portfolio.about")} className="mt-8">
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-700">
          <dt className="font-semibold">{t("portfolio.name")}</dt>
          <dd>{t("portfolio.nameValue")}</dd>
          <dt className="font-semibold">{t("portfolio.email")}</dt>
          <dd>developer@randa.example</dd>
          <dt className="font-semibold">{t("portfolio.basedIn")}</dt>
          <dd>{t("portfolio.basedInValue")}</dd>
        </dl>
        <p className="mt-4 leading-relaxed text-stone-700">{t("portfolio.bio")}</p>
      </PanelSection>
      <PanelSection id="education" title={t("portfolio.education")} className="mt-6">
        <ul className="mt-3 space-y-3">
          {education[bangla ? "bn" : "en"].map((e) => (
            <li key={e.title}>
              <p className="font-semibold text-stone-800">{e.title}</p>
              <p className="text-sm text-stone-600">
                {e.place}, {e.years}
              </p>
            </li>
          ))}
        </ul>
      </PanelSection>
      <PanelSection id="skills" title={t("portfolio.skills")} className="mt-6">
        <ul className="mt-4 space-y-4">
          {skills.map((s) => (
            <li key={s.name}>
              <div className="flex justify-between text-sm font-semibold text-stone-700">
                <span>{s.name}</span>
                <span>{format.count(s.percent)}%</span>
              </div>
              <div
                role="progressbar"
                aria-label={s.name}
                aria-valuenow={s.percent}
                aria-valuemin={0}
                aria-valuemax={100}
                className="mt-1 h-3 overflow-hidden rounded-full bg-wood-100"
              >
                <div className="h-full rounded-full bg-forest-700" style={{ width: `${s.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </PanelSection>
    </main>
  );
}
