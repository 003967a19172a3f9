import { useT } from "~/i18n/use-t";
import { useMessage } from "~/i18n/use-message";
import type { ProductView } from "@shared/views";
import { M } from "@shared/messages";
import { perOrderLimit, QUANTITY_STEP, quantityProblem } from "@shared/quantity";
import { Button } from "~/components/ui/button";

/** The messages the quantity's check can give on this page (`quantityProblem` with nothing held), by code. */
const QUANTITY_CODES = [M.quantity.below_minimum, M.quantity.off_step, M.stock.too_low, M.stock.over_per_order];

/**
 * Quantity, Add to cart and Buy It Now (spec §2, §4, §5). One form, two buttons: Add to cart posts the line to /cart;
 * Buy It Now opens checkout with this line alone (`GET /checkout?productId=…`), the cart left as it is. The variant
 * shown on the page (its size) is the one bought. Without JavaScript each button does the same by its own
 * `formaction`, and the server asks the quantity's question when the line is added and when the order is placed.
 * With it (app/islands/buy-now.ts), the message follows the number as it is typed, in the page's language: the form
 * carries the product's stock facts and the messages' words, placeholders and all.
 */
export function BuyNowForm({ product, variantId }: { product: ProductView; variantId: string }) {
  const { t } = useT();
  const message = useMessage();
  const problem = quantityProblem(product.minimumQuantity, product);
  const words = Object.fromEntries(QUANTITY_CODES.map((code) => [code, message(code)]));
  return (
    <form
      method="get"
      action="/checkout"
      noValidate
      className="mt-6"
      data-buy-now
      data-minimum={product.minimumQuantity}
      data-availability={product.availability}
      data-max-per-order={product.maxPerOrder ?? ""}
      data-messages={JSON.stringify(words)}
    >
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
          defaultValue={product.minimumQuantity}
          min={product.minimumQuantity}
          max={perOrderLimit(product)}
          step={QUANTITY_STEP}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "quantity-problem" : undefined}
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
          data-pending-label={t("cart.adding")}
        >
          {t("cart.add")}
        </Button>
      </div>
      <p id="quantity-problem" role="alert" className="mt-2 text-sm text-red-700" hidden={!problem}>
        {problem ? message(problem) : null}
      </p>
    </form>
  );
}
