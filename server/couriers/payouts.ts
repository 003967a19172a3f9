import { MAX_PAGE_SIZE, type Page } from "@shared/list-page";
import { CourierPayoutSchema, HeldParcelsQuery, PayoutListQuery } from "@shared/schemas/courier-payout";
import { adminOnly } from "../context/actor";
import { parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import type { CourierPayoutRow } from "../db/schema";
import { withinLimits } from "../limits/within-limits";
import { offsetPage } from "../paging/offset-page";
import { heldParcels, payoutPage, recordPayout, type HeldParcel } from "./sql/payouts";

export type { HeldParcel } from "./sql/payouts";
export type PayoutListed = CourierPayoutRow & { parcels: number };

/**
 * `POST /api/courier-payouts` and Payouts: a courier paid out the cash of these orders; the amount must be their
 * collected cash less the courier's fees, or nothing is recorded and the admin reads the difference.
 */
export async function recordCourierPayout(ctx: RequestContext, raw: unknown): Promise<CourierPayoutRow> {
  const admin = adminOnly(await ctx.actor());
  const input = parseInput(CourierPayoutSchema, raw);
  await withinLimits(ctx, "courier", admin);
  return recordPayout(ctx.db, admin.id, input, ctx.now?.());
}

/** The parcels whose cash a courier still holds (and returned parcels whose fee it will take), the oldest first. */
export async function courierHeldParcels(
  ctx: RequestContext,
  raw: unknown,
  defaultLimit = MAX_PAGE_SIZE,
): Promise<Page<HeldParcel>> {
  adminOnly(await ctx.actor());
  const input = parseInput(HeldParcelsQuery, raw);
  const { page, limit, offset } = offsetPage(input, defaultLimit);
  const { parcels, total } = await heldParcels(ctx.db, input.courier, { offset, limit });
  return { items: parcels, total, page, limit };
}

/** The shop's recorded payouts, newest first. */
export async function courierPayouts(
  ctx: RequestContext,
  raw: unknown,
  defaultLimit = MAX_PAGE_SIZE,
): Promise<Page<PayoutListed>> {
  adminOnly(await ctx.actor());
  const input = parseInput(PayoutListQuery, raw);
  const { page, limit, offset } = offsetPage(input, defaultLimit);
  const { payouts, total } = await payoutPage(ctx.db, { offset, limit });
  return { items: payouts, total, page, limit };
}
