import { useT } from "~/i18n/use-t";
import { useMessage } from "~/i18n/use-message";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { Message } from "@shared/messages";
import type { ProductView } from "@shared/views";
import type { ToastResult } from "~/lib/use-action-toast";
import { perOrderLimit, QUANTITY_STEP, quantityProblem } from "@shared/quantity";
import { randomKey } from "~/lib/random-key";
import { showToast } from "~/lib/toast";
import { Button } from "~/components/ui/button";

/** What Buy It Now's action answers: the order placed, with its confirmation, or why not. */
export interface BuyNowResult extends ToastResult {
  insertedId?: string;
  said?: Message;
}

/**
 * Quantity and Buy It Now (spec §2, §4, §5). The messages follow the number as it is typed; the server asks the
 * same question again inside the order's transaction. Each attempt carries an idempotency key, so a retried
 * post (a double tap, a flaky network) never buys twice.
 */
export function BuyNowForm({ product }: { product: ProductView }) {
  const fetcher = useFetcher<BuyNowResult>();
  const [typed, setTyped] = useState(String(product.minimumQuantity));
  // One key per purchase: kept through retries of the same attempt, dropped once an order is placed.
  const attemptKey = useRef<string | null>(null);
  const errorId = useId();
  const quantity = typed.trim() === "" ? Number.NaN : Number(typed);
  const problem = quantityProblem(quantity, product);
  const busy = fetcher.state !== "idle";
  const { t } = useT();
  const message = useMessage();

  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.insertedId) {
      attemptKey.current = null;
      if (result.said) void showToast("success", result.said);
    } else if (result.toast) {
      void showToast(result.toast.kind, result.toast.said);
    }
  }, [fetcher.data]);

  function buy(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    attemptKey.current ??= randomKey();
    const form = new FormData(event.currentTarget);
    form.set("idempotencyKey", attemptKey.current);
    void fetcher.submit(form, { method: "post" });
  }

  return (
    <fetcher.Form method="post" noValidate onSubmit={buy} className="mt-6">
      <label htmlFor="quantity" className="block text-sm font-semibold text-stone-700">
        {t("product.quantity")}
      </label>
      <div className="mt-1 flex flex-wrap items-start gap-3">
        <input
          id="quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          min={product.minimumQuantity}
          max={perOrderLimit(product)}
          step={QUANTITY_STEP}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className="w-40 rounded-md border border-stone-300 bg-white px-3 py-2 text-lg aria-invalid:border-red-600"
        />
        <Button type="submit" size="buy" disabled={Boolean(problem)} pending={busy} pendingLabel={t("product.placing")}>
          {t("product.buy")}
        </Button>
      </div>
      {problem ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {message(problem)}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
