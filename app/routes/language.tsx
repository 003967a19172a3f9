import { redirect } from "react-router";
import { isLanguage, LANGUAGE_COOKIE } from "@shared/languages";
import { safeRedirect } from "~/door/redirects.server";
import { formOf } from "~/door/form-input.server";
import type { Route } from "./+types/language";

/** The navbar's language switch: remembers the choice for a year and goes back to the page it was made on. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await formOf(request);
  const language = form.get("language");
  const back = safeRedirect(form.get("redirectTo"), context.services.baseURL);
  if (!isLanguage(language)) return redirect(back);
  return redirect(back, {
    headers: {
      "Set-Cookie": `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`,
    },
  });
}

export const loader = () => redirect("/");
