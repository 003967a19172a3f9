/**
 * Cells as a spreadsheet holds them. A text cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * a formula to Excel, LibreOffice and Google Sheets (`=HYPERLINK(…)` sends a click to anyone's address): the export
 * puts an apostrophe before it, which those programs show as text and hide, and the import takes it off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** A text that begins with apostrophes before such a character gets one more, so that the import keeps its own. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) || NEUTRALISED.test(text) ? `'${text}` : text;
}

export function restore(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

const BANGLA_DIGITS = /[\u09e6-\u09ef]/g;

/**
 * A number as a spreadsheet may write it: Bangla digits, thousands separators and spaces allowed (`১,২৫০.৫০`).
 * Empty: none. Anything else is handed on as it is, for the schema to refuse in the field's own words.
 */
export function numberCell(cell: string): number | string | undefined {
  const plain = cell.replace(BANGLA_DIGITS, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/[,\s]/g, "");
  if (plain === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : cell;
}

const YES = new Set(["yes", "true", "1", "হ্যাঁ"]);
const NO = new Set(["no", "false", "0", "না", ""]);

/** `yes` or `no` (also true/false, 1/0, হ্যাঁ/না); empty is no. Anything else is handed on for the schema to refuse. */
export function flagCell(cell: string): boolean | string {
  const word = cell.trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return cell;
}

export const flag = (value: boolean): string => (value ? "yes" : "no");
