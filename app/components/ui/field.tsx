import { useMessage, type Said } from "~/i18n/use-message";

interface FieldFrameProps {
  label: string;
  name: string;
  /** The control's id, when two forms of a page have a field of the same name; its name by default. */
  id?: string;
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
function FieldFrame({ label, name, id = name, error, children }: FieldFrameProps) {
  const errorId = `${id}-error`;
  const message = useMessage();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-700">
        {label}
      </label>
      {children({
        id,
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

export function Field({ label, name, id, error, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} name={name} id={id} error={error}>
      {(control) => <input {...control} {...input} />}
    </FieldFrame>
  );
}

/** What a form's action answered: the message under each field at fault, and what was typed (never a password). */
interface FormAnswer<Name extends string> {
  errors?: Partial<Record<Name, Said>>;
  values?: Record<string, string>;
}

/**
 * A field's name, its message and what was typed in it, from the action's answer to a form posted without
 * JavaScript: `<Field label={…} {...field("email")} />` shows the refusal beside the field and keeps what was typed.
 */
export function fieldsFrom<Name extends string>(answer: FormAnswer<Name> | undefined) {
  return (name: Name) => ({ name, error: answer?.errors?.[name], defaultValue: answer?.values?.[name] });
}

/** A field for a count: whole numbers, the phone's number pad (a `step` or `inputMode` given wins). */
export function NumberField(props: FieldProps) {
  return <Field type="number" inputMode="numeric" step={1} {...props} />;
}

interface TextAreaFieldProps extends React.TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  error?: Said;
}

export function TextAreaField({ label, name, id, error, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} name={name} id={id} error={error}>
      {(control) => <textarea {...control} {...textarea} />}
    </FieldFrame>
  );
}

interface SelectFieldProps extends React.SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  name: string;
  error?: Said;
}

export function SelectField({ label, name, id, error, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} name={name} id={id} error={error}>
      {(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
