import { localTitle } from "~/i18n/meta";
import { useTranslation } from "react-i18next";
import { Form, data } from "react-router";
import { addReview } from "@server/domain/reviews";
import { Field, TextAreaField } from "~/components/ui/field";
import { formNumber } from "~/lib/form-data";
import { requireUser } from "~/lib/session.server";
import { toastSuccess, useActionToast, type ToastResult } from "~/lib/use-action-toast";
import { fieldErrors, type FieldErrors } from "~/schemas/auth";
import { MAX_COMMENT_LENGTH, ReviewSchema, type ReviewInput } from "~/schemas/review";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "review.title") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

type ReviewResult = ToastResult & { errors: FieldErrors<ReviewInput> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const parsed = ReviewSchema.safeParse({ rating: formNumber(form.get("rating")), comment: form.get("comment") });
  if (!parsed.success) {
    return data<ReviewResult>({ errors: fieldErrors(parsed.error) }, { status: 400 });
  }
  await addReview(context.db, user, parsed.data);
  return { errors: {}, ...toastSuccess("Thanks For A Comment") } satisfies ReviewResult;
}

/** Spec §2 Add Review: a rating from 0 to 5 in halves and a comment; the home page shows it with the author. */
export default function AddReview({ actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const errors: FieldErrors<ReviewInput> = actionData?.errors ?? {};
  const sent = actionData?.toast?.id ?? 0;
  const { t } = useTranslation();
  return (
    <section className="max-w-xl rounded-xl border border-wood-100 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold text-wood-900">{t("review.title")}</h2>
      {/* A new key after each review sent empties the form for the next one. */}
      <Form key={sent} method="post" noValidate className="mt-4 space-y-4">
        <Field
          label={t("review.ratings")}
          name="rating"
          type="number"
          inputMode="decimal"
          min={0}
          max={5}
          step={0.5}
          placeholder={t("review.range")}
          error={errors.rating}
        />
        <TextAreaField
          label={t("review.comment")}
          name="comment"
          rows={4}
          maxLength={MAX_COMMENT_LENGTH}
          error={errors.comment}
        />
        <button
          type="submit"
          className="rounded-md bg-forest-700 px-5 py-2.5 font-semibold text-white hover:bg-forest-800"
        >
          {t("review.submit")}
        </button>
      </Form>
    </section>
  );
}
