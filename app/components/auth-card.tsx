import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { Panel } from "~/components/ui/panel";

/** The sign-in pages' card (Login, Forgot Password, Reset Password): the page's title on a white card. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <Panel className="sm:p-8">
        <h1 className="text-center text-2xl font-bold text-wood-900">{title}</h1>
        {children}
      </Panel>
    </main>
  );
}

/** Under Login's and Sign Up's forms: the other one, for whoever came to the wrong one, and the way back to the store. */
export function AuthElsewhere({ question, to, label }: { question: string; to: string; label: string }) {
  const { t } = useT();
  return (
    <>
      <p className="mt-6 text-center text-sm text-stone-600">
        {question}{" "}
        <Link to={to} className="font-semibold text-forest-700 hover:underline">
          {label}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to="/" className="text-stone-600 hover:underline">
          {t("auth.returnToStore")}
        </Link>
      </p>
    </>
  );
}
