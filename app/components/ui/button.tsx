import { Link, type LinkProps } from "react-router";

/**
 * The store's buttons by what they do:
 * - primary: the page's or the form's main action (solid green);
 * - secondary: a step beside it (green outline);
 * - danger: a step that takes something away, asked first (red outline);
 * - confirm-danger: the dialog's yes to such a step (solid red);
 * - neutral: the dialog's no (grey outline);
 * - muted: a step already done, shown but not offered (grey, disabled);
 * - link: a button that reads as a link (no frame).
 */
const VARIANTS = {
  primary:
    "rounded-md bg-forest-700 font-semibold text-white hover:bg-forest-800 disabled:cursor-not-allowed disabled:bg-stone-400",
  secondary: "rounded-md border border-forest-700 font-semibold text-forest-700 hover:bg-forest-100",
  danger: "rounded-md border border-red-700 font-semibold text-red-700 hover:bg-red-50",
  "confirm-danger":
    "rounded-md bg-red-700 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-stone-400",
  neutral:
    "rounded-md border border-stone-300 font-semibold text-stone-700 disabled:cursor-not-allowed disabled:text-stone-400",
  muted: "rounded-md bg-stone-300 font-semibold text-stone-700",
  link: "font-semibold text-forest-700 underline",
} as const;

/** Padding (and type size where it differs) by where the button stands. */
const SIZES = {
  /** No padding of its own: a link-looking button, or one the caller pads. */
  none: "",
  /** In a table's row. */
  sm: "px-3 py-1.5",
  /** Beside a search box or a page's title. */
  md: "px-4 py-2",
  /** A form's own submit. */
  lg: "px-5 py-2.5",
  /** A page's call to action. */
  xl: "px-6 py-3",
  /** Buy It Now, in the product page's larger type. */
  buy: "px-6 py-2.5 text-lg",
  /** Beside the shop's filters, in their smaller type. */
  filter: "px-5 py-2 text-sm",
  /** The navigation bar's Log In and Log Out. */
  nav: "px-3 py-2 text-sm sm:px-4",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

interface ButtonLook {
  variant?: ButtonVariant;
  /** By default `md`; a `link` has no padding. */
  size?: ButtonSize;
  /** Placement only (margin, width, display): the look is the variant's and the size's. */
  className?: string;
}

/** The class list of a button's look, for a link or a router NavLink that looks like a button. */
export function buttonClass({ variant = "primary", size, className }: ButtonLook = {}): string {
  const padding = SIZES[size ?? (variant === "link" ? "none" : "md")];
  return [className, VARIANTS[variant], padding].filter(Boolean).join(" ");
}

interface ButtonProps extends ButtonLook, React.ButtonHTMLAttributes<HTMLButtonElement> {
  /** The form's answer is awaited: the button is disabled and says so (aria-busy). */
  pending?: boolean;
  /** What the button says while pending ("Saving…"); without it, its label with a spinner. */
  pendingLabel?: React.ReactNode;
}

/**
 * A `<button>` in the store's look. Its type is "button" unless given: a form's submit says `type="submit"`, so that
 * the form posts without JavaScript. Every other attribute (name, value, form, aria-*, data-*) passes through.
 */
export function Button({
  variant,
  size,
  className,
  pending = false,
  pendingLabel,
  type = "button",
  disabled,
  children,
  ...button
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass({ variant, size, className })}
      {...button}
    >
      {pending && pendingLabel !== undefined ? (
        pendingLabel
      ) : pending ? (
        <>
          {children}
          <Spinner />
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** A router link that looks like a button (it goes somewhere; it does not post). */
export function ButtonLink({ variant, size, className, ...link }: ButtonLook & LinkProps) {
  return <Link className={buttonClass({ variant, size, className: joined("inline-block", className) })} {...link} />;
}

const joined = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(" ");

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="ml-2 inline-block size-4 animate-spin rounded-full border-2 border-current border-t-transparent align-[-0.125em]"
    />
  );
}
