import { useId, useRef } from "react";
import { Form } from "react-router";
import { Button } from "./button";

interface ConfirmDialogProps {
  /** The button that opens the dialog; none where the page opens it through `ref` (one dialog for many rows). */
  trigger?: string;
  triggerClassName?: string;
  /** The dialog, for a page that opens it itself. */
  ref?: React.RefObject<HTMLDialogElement | null>;
  question: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Hidden inputs the confirming form posts to the page's action. */
  fields: Record<string, string>;
  /** Another route's action to post to (the order view cancels through My Orders); the page's own by default. */
  action?: string;
  /** Fields the person fills in before confirming (the reason of a cancel). */
  children?: React.ReactNode;
  /** The confirming button waits: what was filled in is not acceptable yet. */
  confirmDisabled?: boolean;
}

/** A yes/no question in the browser's own modal <dialog> (focus trap, Escape to close, no library needed). */
export function ConfirmDialog({
  trigger,
  triggerClassName,
  question,
  confirmLabel = "Yes!",
  cancelLabel = "No",
  fields,
  action,
  children,
  confirmDisabled = false,
  ref: given,
}: ConfirmDialogProps) {
  const own = useRef<HTMLDialogElement>(null);
  const ref = given ?? own;
  const titleId = useId();
  return (
    <>
      {trigger ? (
        <OpenDialogButton label={trigger} className={triggerClassName} onOpen={() => ref.current?.showModal()} />
      ) : null}
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        className="m-auto w-[min(90vw,24rem)] rounded-xl p-6 shadow-xl backdrop:bg-black/40"
      >
        <h2 id={titleId} className="text-lg font-bold text-wood-900">
          {question}
        </h2>
        <Form method="post" action={action} onSubmit={() => ref.current?.close()}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="neutral" onClick={() => ref.current?.close()}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant="confirm-danger" disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          </div>
        </Form>
      </dialog>
    </>
  );
}

/** The button that opens a dialog: a dialog's own trigger, or a row's button for the page's one dialog. */
export function OpenDialogButton({ label, className, onOpen }: { label: string; className?: string; onOpen(): void }) {
  return (
    <button type="button" className={className} onClick={onOpen}>
      {label}
    </button>
  );
}
