/** The shop's clock: its days begin at midnight in Dhaka (UTC+6 all year, no summer time). */
export const SHOP_TIME_ZONE = "Asia/Dhaka";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The shop's day an instant falls on, as YYYY-MM-DD. */
export function shopDay(at: Date): string {
  return dayFormat.format(at);
}

/** The day `n` days after (or before, for a negative `n`) a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + n);
  return at.toISOString().slice(0, 10);
}

/** Made once: building an Intl formatter costs far more than using one (half a millisecond on a busy server). */
const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: SHOP_TIME_ZONE, timeZoneName: "longOffset" });

/** The instant a shop's day begins. */
export function shopMidnight(day: string): Date {
  const utc = new Date(`${day}T00:00:00Z`);
  // The zone's offset at that moment, read back from Intl: no offset written twice.
  const parts = offsetFormat.formatToParts(utc).find((p) => p.type === "timeZoneName")!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(parts);
  const minutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(utc.getTime() - minutes * 60_000);
}
