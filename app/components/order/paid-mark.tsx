import { Button } from "~/components/ui/button";

/**
 * A paid order's Pay Bill: the button, spent (shown, not offered), with the payment's transaction id under it and
 * whatever else the list says of the payment.
 */
export function PaidMark({
  label,
  transactionId,
  children,
}: {
  label: string;
  transactionId: string | null;
  children?: React.ReactNode;
}) {
  return (
    <>
      <Button variant="muted" size="sm" disabled>
        {label}
      </Button>
      {transactionId ? <p className="mt-1 text-xs break-all text-stone-600">{transactionId}</p> : null}
      {children}
    </>
  );
}
