import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/toast";
import type { ActionResult } from "~/lib/use-action-toast";

/** The toast of a cart action's answer, once per answer. */
export function useCartToast(answer: ActionResult | undefined) {
  useEffect(() => {
    const said = answer?.toast;
    if (said) void showToast(said.kind, said.said);
  }, [answer]);
}

/**
 * A shop card's Add to cart: the product's minimum order, posted to /cart. Without JavaScript the browser goes to the
 * cart and sees the line there; with it, the page stays, a toast says so, and the navbar's count follows (the root
 * loader runs again after a post).
 */
export function AddToCartForm({ productId, quantity, name }: { productId: string; quantity: number; name: string }) {
  const fetcher = useFetcher<ActionResult>();
  const { t } = useT();
  useCartToast(fetcher.data);
  return (
    <fetcher.Form method="post" action="/cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value={quantity} />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        className="w-full"
        pending={fetcher.state !== "idle"}
        pendingLabel={t("cart.adding")}
        aria-label={`${t("cart.add")}: ${name}`}
      >
        {t("cart.add")}
      </Button>
    </fetcher.Form>
  );
}
