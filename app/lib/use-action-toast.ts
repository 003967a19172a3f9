import { useEffect } from "react";
import { toast } from "sonner";

export interface ToastResult {
  toast?: { kind: "success" | "error"; message: string; id: number };
}

/** Shows the toast an action answered with (top-right, 5000 ms: see root.tsx). */
export function useActionToast(result: ToastResult | undefined) {
  const t = result?.toast;
  useEffect(() => {
    if (!t) return;
    if (t.kind === "success") toast.success(t.message);
    else toast.error(t.message);
  }, [t?.id]); // eslint-disable-line react-hooks/exhaustive-deps
}

export const toastSuccess = (message: string) => ({ toast: { kind: "success" as const, message, id: Date.now() } });
export const toastError = (message: string) => ({ toast: { kind: "error" as const, message, id: Date.now() } });
