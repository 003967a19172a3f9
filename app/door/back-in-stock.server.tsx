import { renderToStaticMarkup } from "react-dom/server";
import { data } from "react-router";
import { askBackInStock } from "@server/back-in-stock";
import { AppError, raceConflict, STATUS_OF } from "@server/errors";
import type { Language } from "@shared/languages";
import type { Message } from "@shared/messages";
import { sayer, type Path } from "@shared/words/catalogue";
import { bnBackInStock } from "@shared/words/bn-back-in-stock";
import { bnBackInStockMessages } from "@shared/words/bn-back-in-stock-messages";
import { enBackInStock } from "@shared/words/en-back-in-stock";
import { enBackInStockMessages } from "@shared/words/en-back-in-stock-messages";
import { Button } from "~/components/ui/button";
import { addMessages } from "~/i18n/translator";
import type { ActionResult } from "~/lib/use-action-toast";
import { translate } from "~/i18n/use-message";
import type { DoorArgs } from "./page-door.server";
import { formText } from "./form-input.server";

// The server says this form's messages in the page's language: no browser downloads them.
addMessages("en", enBackInStockMessages);
addMessages("bn", bnBackInStockMessages);

type Key = Path<typeof enBackInStock>;
const missing = (key: string): never => {
  throw new Error(`No text for "${key}" in the back-in-stock words`);
};
const SAY = {
  en: sayer<Key>("en", enBackInStock, missing),
  bn: sayer<Key>("bn", bnBackInStock, missing),
};

/** The product page's action answer: the form again, as HTML (typed as an action's answer, which it is beside). */
type Answered = ActionResult & { backInStock: string };

/** What the last post said beside the field, and what was typed in it. */
interface Answer {
  said: string;
  ok: boolean;
  contact: string;
}

/**
 * "Tell me when it is back" as a plain form that posts to the product page's action: drawn here, on the server, in
 * the page's language, and handed to the page as HTML (decision 0038). The product page's JavaScript is at its
 * budget, so the form brings it none: it works the same with JavaScript and without.
 */
function BackInStockForm({ language, variantId, answer }: { language: Language; variantId?: string; answer?: Answer }) {
  const t = SAY[language];
  const invalid = answer && !answer.ok;
  return (
    <form method="post" className="mt-6 rounded-lg border border-wood-100 bg-white p-4" data-testid="back-in-stock">
      <h2 className="text-lg font-bold text-wood-900">{t("backInStock.title")}</h2>
      <p className="mt-1 text-sm text-stone-600">{t("backInStock.hint")}</p>
      <input type="hidden" name="intent" value="back_in_stock" />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <label htmlFor="back-in-stock-contact" className="mt-3 block text-sm font-semibold text-stone-700">
        {t("backInStock.label")}
      </label>
      <div className="mt-1 flex flex-wrap items-start gap-3">
        <input
          id="back-in-stock-contact"
          name="contact"
          type="text"
          required
          maxLength={254}
          defaultValue={answer?.contact}
          aria-invalid={invalid || undefined}
          aria-describedby={answer ? "back-in-stock-said" : undefined}
          className="w-64 max-w-full rounded-md border border-stone-300 bg-white px-3 py-2 aria-invalid:border-red-600"
        />
        <Button type="submit" variant="secondary">
          {t("backInStock.button")}
        </Button>
      </div>
      {answer ? (
        <p
          id="back-in-stock-said"
          role={answer.ok ? "status" : "alert"}
          className={`mt-2 text-sm ${answer.ok ? "text-forest-700" : "text-red-700"}`}
        >
          {answer.said}
        </p>
      ) : null}
    </form>
  );
}

/** The form's HTML for a Stock Out tool (or chosen variant) in the page's language. */
export function backInStockForm(language: Language, variantId?: string, answer?: Answer): string {
  return renderToStaticMarkup(<BackInStockForm language={language} variantId={variantId} answer={answer} />);
}

/**
 * The form's post: one field, a phone or an e-mail address (it has an @), asked through the use case the API calls.
 * The answer is the form again, with what was typed and what the store said beside it, at the API's status.
 */
export async function askFromProductPage(
  args: DoorArgs & { params: { productId?: string } },
  form: FormData,
  language: Language,
) {
  const contact = (formText(form.get("contact")) ?? "").trim();
  const variantId = formText(form.get("variantId")) || undefined;
  const answer = (said: Message, ok: boolean) =>
    backInStockForm(language, variantId, { said: translate(said, language), ok, contact });
  try {
    const asked = await askBackInStock(args.context.ctx, {
      productId: args.params.productId,
      variantId,
      ...(contact.includes("@") ? { email: contact } : { phone: contact }),
    });
    const answered: Answered = { backInStock: answer(asked.said, true) };
    return answered;
  } catch (thrown) {
    const err = raceConflict(thrown) ?? thrown;
    if (!(err instanceof AppError)) throw err;
    const headers = err.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(err.retryAfterSeconds) };
    const said = err.issues[0] ?? err.detail;
    return data<Answered>({ backInStock: answer(said, false) }, { status: STATUS_OF[err.kind], headers });
  }
}
