import { formatCount } from "@shared/format";
import type { Coded } from "@shared/messages";
import { quantityProblem } from "@shared/quantity";
import { fill } from "@shared/words/catalogue";
import { isPassedThrough, postInPlace } from "./in-place";

/**
 * The product page's quantity, Buy It Now and Add to cart (app/components/buy-now-form.tsx). The quantity is checked
 * as it is typed, by the rules the server checks it by (`quantityProblem`), and what is wrong is said beside it in
 * the page's language; neither button works meanwhile. Buy It Now opens checkout with this line alone; Add to cart
 * posts it to the cart in place, the page staying where it is.
 */
export function wireBuyNow() {
  document.addEventListener("input", (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>("form[data-buy-now]");
    if (form) check(form);
  });
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.matches("form[data-buy-now]") || isPassedThrough(form)) return;
    event.preventDefault();
    if (check(form)) return;
    const submitter = event.submitter as HTMLButtonElement | null;
    if (submitter?.value === "add") void postInPlace(form, submitter, null);
    else window.location.assign(checkoutOf(form));
  });
  // A quantity the browser put back (going back to the page) is checked as one typed.
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-buy-now]")) check(form);
}

/** Checks the typed quantity and says what is wrong, or that nothing is: whether something is. */
function check(form: HTMLFormElement): boolean {
  const input = form.elements.namedItem("quantity") as HTMLInputElement;
  const { minimum, availability, maxPerOrder } = form.dataset;
  const typed = input.value.trim();
  const problem = quantityProblem(typed === "" ? Number.NaN : Number(typed), {
    minimumQuantity: Number(minimum),
    availability: Number(availability),
    maxPerOrder: maxPerOrder ? Number(maxPerOrder) : null,
  });
  const alert = form.querySelector<HTMLElement>("[role=alert]")!;
  alert.hidden = !problem;
  alert.textContent = problem ? said(form, problem) : "";
  if (problem) {
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", alert.id);
  } else {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  }
  for (const button of form.querySelectorAll<HTMLButtonElement>("button[type=submit]")) {
    if (!button.hasAttribute("aria-busy")) button.disabled = Boolean(problem);
  }
  return Boolean(problem);
}

/**
 * A problem in the page's words, which the form carries with their placeholders: numbers as the page writes them
 * (Bengali digits in Bangla; in English as they are, as the server's catalogue fills them).
 */
function said(form: HTMLFormElement, { code, params = {} }: Coded): string {
  const words = JSON.parse(form.dataset.messages ?? "{}") as Record<string, string>;
  const bangla = document.documentElement.lang === "bn";
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === "number" && bangla ? formatCount(value, "bn") : value,
    ]),
  );
  return fill(words[code] ?? code, values);
}

/** Checkout with this line alone, as the form's own GET would open it (without the button's name). */
function checkoutOf(form: HTMLFormElement): string {
  const data = new FormData(form);
  const line = new URLSearchParams();
  for (const name of ["productId", "variantId", "quantity"]) line.set(name, String(data.get(name) ?? ""));
  return `${form.action}?${line}`;
}
