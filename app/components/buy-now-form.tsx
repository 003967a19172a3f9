import { useT } from "~/i18n/use-t";
import { useMessage } from "~/i18n/use-message";
import { useEffect, useId, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import type { ProductView } from "@shared/views";
import { perOrderLimit, QUANTITY_STEP, quantityProblem } from "@shared/quantity";
import { Button } from "~/components/ui/button";
import { showToast } from "~/lib/toast";
import type { ActionResult } from "~/lib/use-action-toast";

/**
 * Quantity, Add to cart and Buy It Now (spec §2, §4, §5). The messages follow the number as it is typed; the server
 * asks the same question again when the line is added and when the order is placed. One form, two buttons: Add to
 * cart posts the line to /cart; Buy It Now opens checkout with this line alone (`GET /checkout?productId=…`), the
 * cart left as it is. The variant shown on the page (its size) is the one bought. Without JavaScript each button does the same by its own `formaction`.
 */
export function BuyNowForm({ product, variantId }: { product: ProductView; variantId: string }) {
  const fetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(String(product.minimumQuantity));
  const errorId = useId();
  const quantity = typed.trim() === "" ? Number.NaN : Number(typed);
  const problem = quantityProblem(quantity, product);
  const { t } = useT();
  const message = useMessage();
  // Not the shop card's hook: the product page then loads nothing of the cards' module.
  useEffect(() => {
    const said = fetcher.data?.toast;
    if (said) void showToast(said.kind, said.said);
  }, [fetcher.data]);

  function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget);
    if (submitter?.value === "buy") {
      void navigate(
        `/checkout?${new URLSearchParams({ productId: product.id, variantId, quantity: String(quantity) })}`,
      );
    } else {
      form.set("intent", "add");
      void fetcher.submit(form, { method: "post", action: "/cart" });
    }
  }

  return (
    <form method="get" action="/checkout" noValidate onSubmit={send} className="mt-6">
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="variantId" value={variantId} />
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
        <Button type="submit" name="intent" value="buy" size="buy" disabled={Boolean(problem)}>
          {t("product.buy")}
        </Button>
        <Button
          type="submit"
          name="intent"
          value="add"
          variant="secondary"
          size="buy"
          formAction="/cart"
          formMethod="post"
          disabled={Boolean(problem)}
          pending={fetcher.state !== "idle"}
          pendingLabel={t("cart.adding")}
        >
          {t("cart.add")}
        </Button>
      </div>
      {problem ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {message(problem)}
        </p>
      ) : null}
    </form>
  );
}
