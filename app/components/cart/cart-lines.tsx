import { Form } from "react-router";
import { imageSources } from "@shared/image-sources";
import { perOrderLimit, QUANTITY_STEP } from "@shared/quantity";
import { Button } from "~/components/ui/button";
import { useFormat } from "~/i18n/use-format";
import { useMessage } from "~/i18n/use-message";
import { useT } from "~/i18n/use-t";
import type { Coded } from "@shared/messages";

/** A cart line as the page shows it: in the visitor's language, money in poisha. */
export interface CartLineView {
  id: string;
  productId: string;
  variantId: string;
  /** The variant's values, "12 mm · 300 mm"; null without options. */
  variant: string | null;
  name: string;
  image: string;
  pricePoisha: number;
  priceWasPoisha: number | null;
  quantity: number;
  minimumQuantity: number;
  availability: number;
  maxPerOrder: number | null;
  lineTotalPoisha: number;
  problem: Coded | null;
}

/**
 * The cart's lines: photo, name, today's price (and what it was, when it changed), the quantity with its own Update
 * form, the line's total and Remove. Each form posts to the cart's action; with JavaScript, in place
 * (app/islands/in-place.ts), its buttons disabled while the answer comes.
 */
export function CartLines({ lines }: { lines: CartLineView[] }) {
  const { t } = useT();
  const format = useFormat();
  const say = useMessage();
  return (
    <ul className="divide-y divide-wood-100 rounded-xl border border-wood-100 bg-white" data-testid="cart-lines">
      {lines.map((line) => (
        <li
          key={line.id}
          className="grid grid-cols-[5rem_1fr] gap-4 p-4 sm:grid-cols-[6rem_1fr_auto]"
          data-testid="cart-line"
        >
          <img
            {...imageSources(line.image)}
            sizes="6rem"
            alt=""
            width={96}
            height={72}
            loading="lazy"
            className="aspect-[4/3] h-auto w-full rounded-md bg-paper object-contain"
          />
          <div className="min-w-0">
            <a
              href={`/detail/${line.productId}?variant=${line.variantId}`}
              className="font-semibold text-wood-900 hover:underline"
            >
              {line.name}
            </a>
            {line.variant ? (
              <p className="text-sm text-stone-700" data-testid="line-variant">
                {line.variant}
              </p>
            ) : null}
            <p className="text-sm text-stone-700">
              {format.money(line.pricePoisha)} · {t("product.perPiece")}
            </p>
            {line.priceWasPoisha !== null ? (
              <p className="text-sm text-amber-800" data-testid="price-was">
                {t("cart.priceWas", { was: format.money(line.priceWasPoisha), now: format.money(line.pricePoisha) })}
              </p>
            ) : null}
            {line.problem ? (
              <p className="text-sm font-semibold text-red-700" role="alert" data-testid="line-problem">
                {say(line.problem)}
              </p>
            ) : null}
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" data-in-place>
              <input type="hidden" name="intent" value="set" />
              <input type="hidden" name="lineId" value={line.id} />
              <div>
                <label htmlFor={`quantity-${line.id}`} className="block text-xs font-semibold text-stone-600">
                  {t("cart.quantity")}
                </label>
                <input
                  id={`quantity-${line.id}`}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  defaultValue={line.quantity}
                  min={line.minimumQuantity}
                  max={Math.max(line.minimumQuantity, perOrderLimit(line))}
                  step={QUANTITY_STEP}
                  className="w-28 rounded-md border border-stone-300 bg-white px-2 py-1"
                />
              </div>
              <Button type="submit" variant="secondary" size="sm">
                {t("cart.update")}
              </Button>
            </Form>
          </div>
          <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-1 sm:flex-col sm:items-end">
            <p className="font-bold text-wood-900" data-testid="line-total">
              {format.money(line.lineTotalPoisha)}
            </p>
            <Form method="post" data-in-place>
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="lineId" value={line.id} />
              <Button
                type="submit"
                variant="danger"
                size="sm"
                aria-label={t("cart.removeLabel", {
                  name: line.variant ? `${line.name} (${line.variant})` : line.name,
                })}
              >
                {t("cart.remove")}
              </Button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}
