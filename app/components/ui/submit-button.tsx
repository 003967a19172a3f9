import { Button } from "./button";

interface SubmitButtonProps {
  children: React.ReactNode;
  /** The form's answer is awaited: disabled, and saying so. */
  pending?: boolean;
  /** What it says while pending ("Saving…"). */
  pendingLabel?: React.ReactNode;
  disabled?: boolean;
}

/** A form's own submit, the width of its form: it posts the form, with or without JavaScript. */
export function SubmitButton({ children, ...state }: SubmitButtonProps) {
  return (
    <Button type="submit" size="lg" className="w-full" {...state}>
      {children}
    </Button>
  );
}
