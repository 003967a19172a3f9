import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";

/** Whole minutes left before `expiresAt`, counted up: a hold with 30 seconds to go still has a minute. */
export function minutesLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
}

/** How long an unpaid order still holds its stock: "until 14:35 — 42 minutes left", or that the hold ran out. */
export function HoldNotice({ expiresAt, now }: { expiresAt: string; now: number }) {
  const { t } = useT();
  const format = useFormat();
  const minutes = minutesLeft(expiresAt, now);
  const time = format.time(expiresAt);
  return (
    <p
      data-testid="hold-notice"
      className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {minutes > 0
        ? t("payment.holdLeft", { count: minutes, minutes: format.count(minutes), time })
        : t("payment.holdRanOut", { time })}
    </p>
  );
}
