import { QUANTITY_STEP } from "~/lib/quantity";

interface QuantityPickerProps {
  minimum: number;
  availability: number;
}

/** The order quantity, in steps of 20 from the product's minimum. Ordering itself arrives with Buy It Now. */
export function QuantityPicker({ minimum, availability }: QuantityPickerProps) {
  return (
    <div className="mt-6">
      <label htmlFor="quantity" className="block text-sm font-semibold text-stone-700">
        Quantity (Pis)
      </label>
      <input
        id="quantity"
        name="quantity"
        type="number"
        inputMode="numeric"
        defaultValue={minimum}
        min={minimum}
        max={availability}
        step={QUANTITY_STEP}
        className="mt-1 w-40 rounded-md border border-stone-300 bg-white px-3 py-2 text-lg"
      />
    </div>
  );
}
