import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { noHydration } from "~/lib/hydration";
import { Panel } from "~/components/ui/panel";
import type { Route } from "./+types/blogs";

export const handle = noHydration;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: localTitle(matches, "blogs.title") },
  { name: "description", content: "Questions and answers on building fast, safe web front ends, from the Randa team." },
];

const english = [
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

const bangla: typeof english = [
  {
    question: "সার্ভারে রেন্ডার করা React পাতা আর সিঙ্গেল-পেজ অ্যাপের মধ্যে পার্থক্য কী?",
    answer:
      "সিঙ্গেল-পেজ অ্যাপ প্রায় ফাঁকা একটি HTML ফাইল পাঠায় এবং জাভাস্ক্রিপ্ট নামানো ও চালানো শেষ হলে ব্রাউজারে পাতাটি তৈরি করে। সার্ভারে রেন্ডার করা পাতা HTML-এর ভেতরেই বিষয়বস্তু নিয়ে আসে, তাই ধীর নেটওয়ার্কের ফোনেও লেখা ও ছবি সঙ্গে সঙ্গে দেখা যায়; এরপর React একই মার্কআপ হাইড্রেট করে পাতাটিকে সচল করে। সার্চ ইঞ্জিন ও লিংক প্রিভিউ কোনো স্ক্রিপ্ট না চালিয়েই বিষয়বস্তু পড়তে পারে।",
  },
  {
    question: "React-এ props আর state-এর পার্থক্য কী?",
    answer:
      "Props হলো কোনো কম্পোনেন্ট তার প্যারেন্ট থেকে যে ইনপুট পায়; কম্পোনেন্ট নিজে সেগুলো বদলাবে না। State হলো কম্পোনেন্টের নিজের ডেটা, যা useState-এর মতো সেটার দিয়ে সময়ের সাথে বদলায় এবং React আবার রেন্ডার করে। দুটি কম্পোনেন্টের একই state দরকার হলে সেটি তাদের নিকটতম সাধারণ প্যারেন্টে তুলে নিয়ে props হিসেবে নিচে পাঠান।",
  },
  {
    question: "দাম আর মজুত কেন সার্ভারেই ঠিক করতে হয়?",
    answer:
      "ব্রাউজার যা পাঠায় তা ব্রাউজার যিনি চালান তিনি বদলে দিতে পারেন। পাতা যদি দাম পাঠায়, যে কেউ কম দাম পাঠাতে পারে। দোকানের সার্ভার নিজের ডেটাবেস থেকে দাম পড়ে, মোট টাকা হিসাব করে এবং অর্ডার লেখার একই ডেটাবেস ট্রানজ্যাকশনে মজুত কমায়, ফলে দুজন ক্রেতা কখনো শেষ পিসটি দুবার বিক্রি করাতে পারে না।",
  },
  {
    question: "সাইন-ইন করা ব্যবহারকারীর সেশন ওয়েব অ্যাপ কোথায় রাখবে?",
    answer:
      "সার্ভারের বসানো httpOnly, SameSite কুকিতে। পাতার স্ক্রিপ্ট এমন কুকি পড়তে পারে না, তাই ঢুকিয়ে দেওয়া কোনো স্ক্রিপ্ট সেশন চুরি করতে পারে না; অথচ localStorage পাতার যেকোনো স্ক্রিপ্ট পড়তে পারে। Bearer টোকেন ব্রাউজার নয় এমন API ক্লায়েন্টের জন্য।",
  },
  {
    question: "ধীর মোবাইল নেটওয়ার্কে পাতা দ্রুত রাখবেন কীভাবে?",
    answer:
      "কম পাঠান এবং আগে পাঠান: HTML সার্ভারে রেন্ডার করুন, পাতার যতটুকু জাভাস্ক্রিপ্ট দরকার শুধু ততটুকু পাঠান, লেখা brotli বা gzip দিয়ে সংকুচিত করুন, ছবিকে তার প্রস্থ ও উচ্চতা দিন এবং স্ক্রিনের নিচের ছবি পরে লোড করুন, আর যেসব ফাইলের নামে কনটেন্ট হ্যাশ আছে সেগুলো ব্রাউজারকে এক বছর ক্যাশ করতে দিন।",
  },
  {
    question: "useEffect-এর dependency কী কাজ করে?",
    answer:
      "এগুলো React-কে বলে কখন ইফেক্টটি আবার চালাতে হবে: অ্যারে না থাকলে প্রতিটি রেন্ডারের পরে, ফাঁকা অ্যারে হলে প্রথম রেন্ডারের পরে একবার, আর তা না হলে তালিকার কোনো মান বদলালেই। যে মান ইফেক্ট পড়ে অথচ তালিকায় রাখে না, তার পুরোনো কপিই সে দেখবে; hooks-এর lint নিয়ম এটি ধরে ফেলে।",
  },
];

export default function Blogs() {
  const { t, language } = useT();
  const articles = language === "bn" ? bangla : english;
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-wood-900">{t("blogs.title")}</h1>
      <p className="mt-2 text-stone-600">{t("blogs.lead")}</p>
      <div className="mt-8 space-y-6">
        {articles.map((a) => (
          <Panel as="article" key={a.question}>
            <h2 className="text-lg font-semibold text-wood-900">{a.question}</h2>
            <p className="mt-3 leading-relaxed text-stone-700">{a.answer}</p>
          </Panel>
        ))}
      </div>
    </main>
  );
}
