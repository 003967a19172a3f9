import { noHydration } from "~/lib/hydration";
import { pageTitle } from "~/lib/site";
import type { Route } from "./+types/blogs";

export const handle = noHydration;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Blogs") },
  { name: "description", content: "Questions and answers on building fast, safe web front ends, from the Randa team." },
];

const articles = [
  {
    question: "How does a server-rendered React page differ from a single-page app?",
    answer:
      "A single-page app sends an almost empty HTML file and builds the page in the browser once its JavaScript has downloaded and run. A server-rendered page arrives with its content already in the HTML, so a phone on a slow network shows text and images at once; React then hydrates the same markup to make it interactive. Search engines and link previews read the content without running any script.",
  },
  {
    question: "What is the difference between props and state in React?",
    answer:
      "Props are the inputs a component receives from its parent; the component must not change them. State is data a component owns and changes over time with a setter such as useState's, which makes React render it again. When two components need the same state, move it up to their closest common parent and pass it down as props.",
  },
  {
    question: "Why must prices and stock be decided on the server?",
    answer:
      "Everything the browser sends can be changed by whoever controls the browser. If the page sends the price, anyone can send a lower one. A store's server reads the price from its own database, computes the amount, and reduces the stock in the same database transaction that records the order, so two buyers can never sell the same last piece.",
  },
  {
    question: "Where should a web app keep the signed-in user's session?",
    answer:
      "In an httpOnly, SameSite cookie set by the server. Script on the page cannot read such a cookie, so an injected script cannot steal the session, while localStorage is readable by any script that runs on the page. Bearer tokens are for API clients that are not browsers.",
  },
  {
    question: "How do you keep a page fast on a slow mobile network?",
    answer:
      "Send less and send it sooner: render the HTML on the server, ship only the JavaScript a page needs, compress text with brotli or gzip, give images their width and height and load the ones below the fold lazily, and let browsers cache files whose names carry a content hash for a year.",
  },
  {
    question: "What do useEffect's dependencies do?",
    answer:
      "They tell React when to run the effect again: after every render when there is no array, once after the first render for an empty array, and whenever one of the listed values changes otherwise. An effect that reads a value it does not list will see a stale copy of it; the lint rule for hooks catches that.",
  },
];

export default function Blogs() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-wood-900">Blogs</h1>
      <p className="mt-2 text-stone-600">Questions we get asked about building web front ends, and our answers.</p>
      <div className="mt-8 space-y-6">
        {articles.map((a) => (
          <article key={a.question} className="rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-wood-900">{a.question}</h2>
            <p className="mt-3 leading-relaxed text-stone-700">{a.answer}</p>
          </article>
        ))}
      </div>
    </main>
  );
}
