import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { Form } from "react-router";
import { signedIn } from "@server/context/actor";
import { addReview } from "@server/reviews";
import { M, type Message } from "@shared/messages";
import { MAX_COMMENT_LENGTH } from "@shared/text-limits";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { NumberField, TextAreaField } from "~/components/ui/field";
import { formNumber, formOf } from "~/door/form-input.server";
import { act, load, succeeded, withRetryAfter } from "~/door/page-door.server";
import { useActionToast, type ActionResult } from "~/lib/use-action-toast";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "review.title") }];

export async function loader(args: Route.LoaderArgs) {
  await load(args, async (_ctx, actor) => signedIn(actor));
  return null;
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const review = { rating: formNumber(form.get("rating")), comment: form.get("comment") };
  return act(
    args,
    (ctx) => addReview(ctx, review),
    () => succeeded(M.review.thanks),
    { fields: true },
  );
}

/** A refused review's wait (the limits per account and per address), as the API's answer gives it. */
export const headers: Route.HeadersFunction = withRetryAfter;

/** Spec §2 Add Review: a rating from 0 to 5 in halves and a comment; the home page shows it with the author. */
export default function AddReview({ actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const errors: Partial<Record<"rating" | "comment", Message>> = (actionData as ActionResult | undefined)?.errors ?? {};
  const sent = actionData?.toast?.id ?? 0;
  const { t } = useT();
  return (
    <Panel as="section" className="max-w-xl">
      <h2 className="text-xl font-semibold text-wood-900">{t("review.title")}</h2>
      {/* A new key after each review sent empties the form for the next one. */}
      <Form key={sent} method="post" noValidate className="mt-4 space-y-4">
        <NumberField
          label={t("review.ratings")}
          name="rating"
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
        <Button type="submit" size="lg">
          {t("review.submit")}
        </Button>
      </Form>
    </Panel>
  );
}
