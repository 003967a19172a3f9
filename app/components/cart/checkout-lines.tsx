import { imageSources } from "@shared/image-sources";
import type { Coded, Message } from "@shared/messages";
import { useFormat } from "~/i18n/use-format";
import { useMessage } from "~/i18n/use-message";

interface CheckoutLineView {
  productId: string;
  variantId: string;
  /** The variant's values, "12 mm · 300 mm"; null without options. */
  label: string | null;
  name: string;
  image: string;
  pricePoisha: number;
  quantity: number;
  problem: Coded | null;
}

/** The order's lines beside Place order: photo, name, pieces × price, and why a line cannot be bought as asked. */
export function CheckoutLines({ lines, problems }: { lines: CheckoutLineView[]; problems: Record<string, Message> }) {
  const format = useFormat();
  const say = useMessage();
  return (
    <ul className="mt-3 space-y-3" data-testid="checkout-lines">
      {lines.map((line) => {
        const problem = problems[line.variantId] ?? line.problem;
        return (
          <li key={line.variantId} className="grid grid-cols-[3.5rem_1fr_auto] items-start gap-3 text-sm">
            <img
              {...imageSources(line.image)}
              sizes="3.5rem"
              alt=""
              width={56}
              height={42}
              loading="lazy"
              className="aspect-[4/3] h-auto w-full rounded bg-paper object-contain"
            />
            <div className="min-w-0">
              <p className="font-semibold text-wood-900">{line.name}</p>
              {line.label ? (
                <p className="text-stone-700" data-testid="line-variant">
                  {line.label}
                </p>
              ) : null}
              <p className="text-stone-600">
                {format.pieces(line.quantity)} × {format.money(line.pricePoisha)}
              </p>
              {problem ? (
                <p role="alert" className="font-semibold text-red-700">
                  {say(problem)}
                </p>
              ) : null}
            </div>
            <p className="font-semibold text-wood-900">{format.money(line.pricePoisha * line.quantity)}</p>
          </li>
        );
      })}
    </ul>
  );
}
