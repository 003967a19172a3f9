import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { noHydration } from "~/lib/hydration";
import { pageTitle } from "~/lib/site";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const handle = noHydration;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Page not found") },
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
