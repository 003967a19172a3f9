import { useEffect } from "react";
import { showToast } from "./toast";

export interface ToastResult {
  toast?: { kind: "success" | "error"; message: string; id: number };
}

/** Shows the toast an action answered with. */
export function useActionToast(result: ToastResult | undefined) {
  const t = result?.toast;
  useEffect(() => {
    if (t) void showToast(t.kind, t.message);
  }, [t?.id]); // eslint-disable-line react-hooks/exhaustive-deps
}

export const toastSuccess = (message: string) => ({ toast: { kind: "success" as const, message, id: Date.now() } });
export const toastError = (message: string) => ({ toast: { kind: "error" as const, message, id: Date.now() } });
