import { noHydration } from "~/lib/hydration";
import { pageTitle } from "~/lib/site";
import type { Route } from "./+types/portfolio";

export const handle = noHydration;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("My Portfolio") },
  { name: "description", content: "The portfolio of the developer who builds the Randa store: education and skills." },
];

const skills = [
  { name: "HTML & CSS", percent: 90 },
  { name: "JavaScript", percent: 80 },
  { name: "React", percent: 75 },
  { name: "Node.js", percent: 70 },
  { name: "PostgreSQL", percent: 65 },
];

const education = [
  { title: "BSc in Computer Science and Engineering", place: "A public university in Dhaka", years: "2016–2020" },
  { title: "Higher Secondary Certificate, Science", place: "A college in Dhaka", years: "2013–2015" },
];

export default function Portfolio() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-wood-900">My Portfolio</h1>
      <section aria-labelledby="about-me" className="mt-8 rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
        <h2 id="about-me" className="text-xl font-semibold text-wood-900">
          About me
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-700">
          <dt className="font-semibold">Name</dt>
          <dd>Randa web developer (demo profile)</dd>
          <dt className="font-semibold">Email</dt>
          <dd>developer@randa.example</dd>
          <dt className="font-semibold">Based in</dt>
          <dd>Dhaka, Bangladesh</dd>
        </dl>
        <p className="mt-4 leading-relaxed text-stone-700">
          I build the Randa store: its pages, its server and its database. I care about pages that load quickly on a
          phone and about a checkout that nobody can cheat.
        </p>
      </section>
      <section aria-labelledby="education" className="mt-6 rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
        <h2 id="education" className="text-xl font-semibold text-wood-900">
          Education
        </h2>
        <ul className="mt-3 space-y-3">
          {education.map((e) => (
            <li key={e.title}>
              <p className="font-semibold text-stone-800">{e.title}</p>
              <p className="text-sm text-stone-600">
                {e.place}, {e.years}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="skills" className="mt-6 rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
        <h2 id="skills" className="text-xl font-semibold text-wood-900">
          Skills
        </h2>
        <ul className="mt-4 space-y-4">
          {skills.map((s) => (
            <li key={s.name}>
              <div className="flex justify-between text-sm font-semibold text-stone-700">
                <span>{s.name}</span>
                <span>{s.percent}%</span>
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
      </section>
    </main>
  );
}
