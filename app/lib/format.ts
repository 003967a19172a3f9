const tk = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
const tkWithPoisha = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat("en-IN");

/** 'Tk {price}' as the spec writes it, with digits grouped the Bangladeshi way (1,00,000). */
export function formatTk(price: number): string {
  return `Tk ${Number.isInteger(price) ? tk.format(price) : tkWithPoisha.format(price)}`;
}

export function formatCount(n: number): string {
  return count.format(n);
}
