import { Form, Link, data } from "react-router";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { callAuth } from "~/lib/auth-call.server";
import { pageTitle } from "~/lib/site";
import { fieldErrors } from "~/schemas/auth";
import { ForgotPasswordSchema } from "~/schemas/password-reset";
import type { Route } from "./+types/forgot-password";

const SENT = "If an account exists for that email, a link to reset its password is on its way.";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Forgot your password?") },
  { name: "description", content: "Ask for a link to choose a new password for your Randa account." },
];

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = ForgotPasswordSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ sent: false, error: fieldErrors(parsed.error).email }, { status: 400 });
  const res = await callAuth(request, context, "/request-password-reset", {
    email: parsed.data.email,
    redirectTo: "/reset-password",
  });
  if (res.status === 429) {
    return data({ sent: false, error: "Too many attempts. Please wait a minute and try again." }, { status: 429 });
  }
  // The same answer whether or not the account exists, so the form cannot be used to find accounts.
  return { sent: true, error: undefined };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border border-wood-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-wood-900">Forgot your password?</h1>
        {actionData?.sent ? (
          <p role="status" className="mt-6 rounded-md bg-forest-100 px-3 py-2 text-forest-800">
            {SENT}
          </p>
        ) : (
          <Form method="post" noValidate className="mt-6 space-y-4">
            <p className="text-sm text-stone-600">Enter your account's email and we will send you a link.</p>
            <Field label="Email" name="email" type="email" autoComplete="email" error={actionData?.error} />
            <SubmitButton>Send Reset Link</SubmitButton>
          </Form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="text-forest-700 hover:underline">
            Back to Login
          </Link>
        </p>
      </div>
    </main>
  );
}
