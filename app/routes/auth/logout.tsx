import { redirect } from "react-router";
import { callAuth, redirectWithCookies } from "~/door/auth-call.server";
import type { Route } from "./+types/logout";

/** Log Out: ends the session in the database and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const res = await callAuth(request, context, "/sign-out", {});
  return redirectWithCookies("/", res);
}

export function loader() {
  return redirect("/");
}
