import { useEffect } from "react";
import type { Message } from "@shared/messages";
import { showToast } from "./toast";

/** The toast part of what a page's action answers (app/door/page-door.server.ts). */
export interface ToastResult {
  toast?: { kind: "success" | "error"; said: Message; id: number };
}

/** What an action answers a page with: a toast, and for a form, the message under each field at fault. */
export interface ActionResult extends ToastResult {
  errors?: Record<string, Message>;
  /** With a refusal: what was typed, for the form to show again (never a password; see `typedValues`). */
  values?: Record<string, string>;
}

/** Shows the toast an action answered with. */
export function useActionToast(result: ToastResult | undefined) {
  const t = result?.toast;
  useEffect(() => {
    if (t) void showToast(t.kind, t.said);
  }, [t?.id]); // eslint-disable-line react-hooks/exhaustive-deps
}
