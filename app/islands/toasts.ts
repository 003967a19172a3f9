/** Spec §9: a toast closes after 5000 ms; a pointer over it holds it, as sonner's do on the dashboard. */
const SHOWN_MS = 5000;

export type ToastKind = "success" | "error";

const LOOK: Record<ToastKind, string> = {
  success: "border-forest-700/30 bg-forest-100 text-forest-800",
  error: "border-red-200 bg-red-50 text-red-800",
};

/**
 * Shows a toast in the page's region for them (app/components/island-toasts.tsx), which carries the close button's
 * words in the page's language; the text is the server's, in that language too.
 */
export function showToast(kind: ToastKind, text: string) {
  const region = document.querySelector<HTMLElement>("[data-toasts]");
  const list = region?.querySelector("ol");
  if (!region || !list || !text) return;
  const toast = document.createElement("li");
  toast.dataset.toast = "";
  toast.dataset.type = kind;
  toast.className = `pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-semibold shadow-lg ${LOOK[kind]}`;
  const said = document.createElement("p");
  said.className = "flex-1";
  said.textContent = text;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "-m-1 rounded p-1 leading-none opacity-70 hover:opacity-100";
  close.setAttribute("aria-label", region.dataset.closeLabel ?? "");
  close.innerHTML =
    '<svg aria-hidden="true" viewBox="0 0 12 12" width="12" height="12" stroke="currentColor" stroke-width="1.5"><path d="m1 1 10 10M11 1 1 11"/></svg>';
  toast.append(said, close);

  let timer = 0;
  const remove = () => {
    window.clearTimeout(timer);
    toast.remove();
  };
  const wait = () => (timer = window.setTimeout(remove, SHOWN_MS));
  close.addEventListener("click", remove);
  toast.addEventListener("mouseenter", () => window.clearTimeout(timer));
  toast.addEventListener("mouseleave", wait);
  list.prepend(toast);
  wait();
}

/** Shows the toast of each answer in `root` (`data-answer`, app/components/toast-answer.tsx). */
export function showAnswers(root: ParentNode) {
  for (const answer of root.querySelectorAll<HTMLElement>("[data-answer]")) {
    const kind = answer.dataset.answer === "error" ? "error" : "success";
    showToast(kind, answer.textContent?.trim() ?? "");
  }
}
