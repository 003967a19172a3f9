/** An invoice number as the shop prints it: `INV-000042`. */
export function formatInvoiceNumber(n: number): string {
  return `INV-${String(n).padStart(6, "0")}`;
}
