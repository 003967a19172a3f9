import { useMessage } from "~/i18n/use-message";
import { Form } from "react-router";
import { M } from "@shared/messages";

interface GoogleButtonProps {
  label: string;
  enabled: boolean;
  redirectTo?: string;
}

/** Posts to the page's action, which sends the browser to Google; says so plainly when Google is not set up. */
export function GoogleButton({ label, enabled, redirectTo }: GoogleButtonProps) {
  const message = useMessage();
  return (
    <Form method="post">
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button
        type="submit"
        name="intent"
        value="google"
        disabled={!enabled}
        aria-describedby={enabled ? undefined : "google-status"}
        className="w-full rounded-md border border-stone-300 py-2.5 font-semibold text-stone-800 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {label}
      </button>
      {enabled ? null : (
        <p id="google-status" className="mt-1 text-center text-xs text-stone-500">
          {message(M.auth.google_not_configured)}
        </p>
      )}
    </Form>
  );
}
