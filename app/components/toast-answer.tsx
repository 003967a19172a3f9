import { useMessage } from "~/i18n/use-message";
import type { ToastResult } from "~/lib/use-action-toast";

/**
 * An action's toast on a page with islands, in the page's language: hidden in the page, for its script to show
 * (app/islands/toasts.ts), whether the answer came as the page itself or to a form posted in place.
 */
export function ToastAnswer({ answer }: { answer: ToastResult | undefined }) {
  const say = useMessage();
  const toast = answer?.toast;
  return toast ? (
    <p hidden data-answer={toast.kind}>
      {say(toast.said)}
    </p>
  ) : null;
}
