import { useMessage, type Said } from "~/i18n/use-message";

interface FieldFrameProps {
  label: string;
  name: string;
  error?: Said;
  /** The control, given the attributes that tie it to its label and message. */
  children: (control: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
    className: string;
  }) => React.ReactNode;
}

/** A labelled form control with its message in red underneath, in the page's language. */
function FieldFrame({ label, name, error, children }: FieldFrameProps) {
  const errorId = `${name}-error`;
  const message = useMessage();
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-semibold text-stone-700">
        {label}
      </label>
      {children({
        id: name,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
        className: "mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 aria-invalid:border-red-600",
      })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {message(error)}
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: Said;
}

export function Field({ label, name, error, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} name={name} error={error}>
      {(control) => <input {...control} {...input} />}
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends React.TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  error?: Said;
}

export function TextAreaField({ label, name, error, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} name={name} error={error}>
      {(control) => <textarea {...control} {...textarea} />}
    </FieldFrame>
  );
}

interface SelectFieldProps extends React.SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  name: string;
  error?: Said;
}

export function SelectField({ label, name, error, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} name={name} error={error}>
      {(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
