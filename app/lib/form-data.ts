/** A form's number field as a schema expects it: empty is absent, anything else goes through Number(). */
export function formNumber(value: FormDataEntryValue | null): number | undefined {
  if (value === null || value === "") return undefined;
  return typeof value === "string" ? Number(value) : Number.NaN;
}
