/**
 * Puts the answer's part of the same name in the region's place, keeping what the reader had: values typed into
 * other forms than the one posted (`sent`), the folds they opened, and the focus on the control that stands where
 * it stood.
 */
export function replaceRegion(
  region: Element,
  answer: Document,
  sent: HTMLFormElement | null,
  refocus: (next: Element) => void,
): boolean {
  const next = answer.querySelector(`[data-region="${region.getAttribute("data-region")}"]`);
  if (!next) return false;
  if (sent) keepTyped(region, next, sent);
  keepOpened(region, next);
  region.replaceWith(document.adoptNode(next));
  refocus(next);
  return true;
}

function keepTyped(region: Element, next: Element, sent: HTMLFormElement) {
  for (const field of region.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[id], textarea[id]")) {
    if (field.form === sent || field.value === field.defaultValue) continue;
    const same = next.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${CSS.escape(field.id)}`);
    if (same && same.tagName === field.tagName) same.value = field.value;
  }
}

function keepOpened(region: Element, next: Element) {
  const before = region.querySelectorAll("details");
  const after = next.querySelectorAll("details");
  if (before.length !== after.length) return;
  before.forEach((d, i) => {
    if (d.open) after[i]!.open = true;
  });
}

const FOCUSABLE = "a[href], button, input, select, textarea, summary";

/** What tells a control from the others: its kind, its name for a person, and the field it posts. */
const signature = (el: Element) =>
  [el.tagName, el.getAttribute("aria-label") ?? el.textContent?.trim(), el.getAttribute("name")].join("|");

/**
 * Where the focus goes once the region is replaced: the control with the focused one's signature, the same one
 * among those that share it (the third line's Update button stays the third's).
 */
export function focusFollower(region: Element): (next: Element) => void {
  const focused = document.activeElement;
  if (!focused || !region.contains(focused)) return () => {};
  const mark = signature(focused);
  const same = (root: Element) =>
    [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => signature(e) === mark);
  const nth = same(region).indexOf(focused as HTMLElement);
  return (next) => same(next)[nth]?.focus({ preventScroll: true });
}
