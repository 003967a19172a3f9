import { focusFollower, replaceRegion } from "./replace-region";
import { showAnswers } from "./toasts";

/**
 * Forms and links that work in place: `data-in-place` on a form sends it with fetch, on a link loads its page so.
 * The server answers as it answers the page itself (the same loader or action, the same HTML, in the page's
 * language). The part of the page the form or link is in (the closest `data-region`, else the whole page below the
 * navbar) is replaced by the same part of the answer, the navbar's cart count follows and the answer's toast shows.
 * Without JavaScript the same forms and links load the whole page. docs/decisions/0041-buyer-pages-as-islands.md.
 */
export function wireInPlace() {
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.matches("form[data-in-place]") || event.defaultPrevented || isPassedThrough(form)) return;
    event.preventDefault();
    if (form.method === "get") void goInPlace(urlOfSearch(form, event.submitter), regionOf(form), "push");
    else void postInPlace(form, event.submitter, regionOf(form));
  });
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-in-place]");
    if (!link || !isPlainClick(event)) return;
    event.preventDefault();
    void goInPlace(link.href, regionOf(link), link.dataset.inPlace === "replace" ? "replace" : "push");
  });
  // A filter that applies itself (the shop's stock and sort): its form is sent as it changes.
  document.addEventListener("change", (event) => {
    const field = event.target as HTMLInputElement;
    if (field.form?.matches("form[data-in-place][data-applies-itself]") && field.type !== "search") {
      field.form.requestSubmit();
    }
  });
  // Back or forward to an address this page was shown at in place: the browser loads it whole.
  shown = pageAddress(location.href);
  window.addEventListener("popstate", () => {
    if (pageAddress(location.href) !== shown) window.location.reload();
  });
}

/** The address whose page is shown, without its fragment: going to `#tool-reviews` is no other page. */
let shown = "";
const pageAddress = (url: string) => url.split("#")[0]!;

const regionOf = (el: Element) =>
  el.closest("[data-region]") ?? document.querySelector<HTMLElement>('[data-region="page"]')!;

function urlOfSearch(form: HTMLFormElement, submitter: HTMLElement | null): string {
  const url = new URL(form.action);
  url.search = String(fieldsOf(form, submitter));
  return url.href;
}

function fieldsOf(form: HTMLFormElement, submitter: HTMLElement | null): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter)) if (typeof value === "string") fields.append(name, value);
  return fields;
}

/** A left click with no key held: one that would open the link here (not in a new tab or window). */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Forms sent on as the browser sends them, once the island has given up on answering them in place. */
const passThrough = new WeakSet<HTMLFormElement>();

/** Whether this submission is the browser's own, which an island lets through (once). */
export const isPassedThrough = (form: HTMLFormElement) => passThrough.delete(form);

/**
 * Posts a form (or its submitter's `formaction`) as the browser would, then shows the answer: `region`, when given,
 * is replaced by the answer's; the cart count and the toast always follow. The form's buttons in `region` (or the
 * form) wait meanwhile. A redirect (to sign in) is followed; an answer that is no page is left to the browser.
 */
export async function postInPlace(form: HTMLFormElement, submitter: HTMLElement | null, region: Element | null) {
  // Before the buttons are held: a disabled button loses the focus.
  const refocus = region ? focusFollower(region) : null;
  // Read before the buttons are held too: a disabled button posts no value.
  const action = submitter?.getAttribute("formaction") ? (submitter as HTMLButtonElement).formAction : form.action;
  const fields = fieldsOf(form, submitter);
  const release = holdButtons(region ?? form, submitter);
  let answer: Document | null;
  try {
    answer = await pageAt(action, { method: "POST", body: fields });
  } catch {
    release();
    passThrough.add(form);
    form.requestSubmit(submitter);
    return;
  }
  if (!answer) return;
  showAnswers(answer);
  followCartCount(answer);
  if (!region) release();
  // An answer without the region (an error page) is shown whole.
  else if (!replaceRegion(region, answer, form, refocus!)) window.location.assign(action);
}

/**
 * Shows the page at `url` in place of `region`, the address following (`push`: a step back returns to the page as
 * it was; `replace`: another size of the same tool). A new page starts at its top; the same one stays scrolled.
 */
async function goInPlace(url: string, region: Element, history: "push" | "replace") {
  try {
    const answer = await pageAt(url);
    if (!answer) return;
    if (!replaceRegion(region, answer, null, focusFollower(region))) throw new Error(`${url} has no such region`);
    const samePage = new URL(url).pathname === location.pathname;
    if (history === "replace") window.history.replaceState(null, "", url);
    else window.history.pushState(null, "", url);
    shown = pageAddress(url);
    document.title = answer.title;
    followCartCount(answer);
    followLanguageSwitch(answer);
    if (!samePage) window.scrollTo(0, 0);
  } catch {
    window.location.assign(url);
  }
}

/** Draws the page again from the server in place, where it stands: a page the browser kept may be out of date. */
export async function refreshInPlace() {
  const region = document.querySelector('[data-region="page"]');
  const answer = region ? await pageAt(location.href, { cache: "no-store" }).catch(() => null) : null;
  if (!region || !answer || !replaceRegion(region, answer, null, focusFollower(region))) return;
  followCartCount(answer);
}

/** The page at `url`, as a document request gets it; null when a redirect took the browser elsewhere. */
async function pageAt(url: string, init: RequestInit = {}): Promise<Document | null> {
  const res = await fetch(url, { ...init, headers: { Accept: "text/html" } });
  if (res.redirected && new URL(res.url).pathname !== new URL(url).pathname) {
    window.location.assign(res.url);
    return null;
  }
  if (!res.headers.get("content-type")?.startsWith("text/html")) throw new Error(`${url} answered no page`);
  return new DOMParser().parseFromString(await res.text(), "text/html");
}

/** The buttons that may not post again while an answer is awaited; the one pressed says it is busy. */
function holdButtons(scope: Element, submitter: HTMLElement | null): () => void {
  const buttons = [...scope.querySelectorAll<HTMLButtonElement>("button[type=submit]:not(:disabled)")];
  const label = submitter?.dataset.pendingLabel;
  const before = submitter?.textContent ?? "";
  for (const button of buttons) button.disabled = true;
  submitter?.setAttribute("aria-busy", "true");
  if (submitter && label) submitter.textContent = label;
  return () => {
    for (const button of buttons) button.disabled = false;
    submitter?.removeAttribute("aria-busy");
    if (submitter && label) submitter.textContent = before;
  };
}

/** The navbar's cart link says what the answer's says: its count and its name, not whether it is the page shown. */
function followCartCount(answer: Document) {
  const link = document.getElementById("nav-cart");
  const said = answer.getElementById("nav-cart");
  if (!link || !said) return;
  link.setAttribute("aria-label", said.getAttribute("aria-label") ?? "");
  link.replaceChildren(...[...said.childNodes].map((node) => document.importNode(node, true)));
}

/** The language switch comes back to the address the page now has. */
function followLanguageSwitch(answer: Document) {
  const field = 'form[action="/language"] input[name="redirectTo"]';
  const here = document.querySelector<HTMLInputElement>(field);
  const there = answer.querySelector<HTMLInputElement>(field);
  if (here && there) here.value = there.value;
}
