import { M } from "@shared/messages";
import { MAX_SAVED_ADDRESSES, SavedAddressSchema } from "@shared/schemas/address";
import type { Delivery } from "@shared/schemas/delivery";
import { signedIn } from "../context/actor";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import { conflict, notFound } from "../errors";
import { withinLimits } from "../limits/within-limits";
import * as rows from "./sql/address-rows";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** My Profile's address book and checkout's choice of address: the actor's own addresses, the default first. */
export async function myAddresses(ctx: RequestContext): Promise<rows.SavedAddress[]> {
  const actor = await ctx.actor();
  return rows.selectAddresses(ctx.db, signedIn(actor).id);
}

/** One of the actor's addresses; another's, or none, is not found. */
export async function myAddress(ctx: RequestContext, addressId: unknown): Promise<rows.SavedAddress> {
  const actor = await ctx.actor();
  const id = key(addressId);
  const found = id && UUID.test(id) ? await rows.selectAddress(ctx.db, signedIn(actor).id, id.toLowerCase()) : null;
  if (!found) throw notFound(M.address.not_found);
  return found;
}

export async function addAddress(ctx: RequestContext, raw: unknown): Promise<rows.SavedAddress> {
  const actor = await ctx.actor();
  const user = signedIn(actor);
  const input = parseInput(SavedAddressSchema, raw);
  await withinLimits(ctx, "address", user);
  if ((await rows.countAddresses(ctx.db, user.id)) >= MAX_SAVED_ADDRESSES) {
    throw conflict(M.address.too_many, { max: MAX_SAVED_ADDRESSES });
  }
  return rows.insertAddress(ctx.db, user.id, input.delivery, input.isDefault ?? false);
}

export async function changeAddress(ctx: RequestContext, addressId: unknown, raw: unknown) {
  const found = await myAddress(ctx, addressId);
  const input = parseInput(SavedAddressSchema, raw);
  await withinLimits(ctx, "address", { id: found.userId });
  await rows.updateAddress(ctx.db, found.userId, found.id, input.delivery, input.isDefault ?? false);
}

export async function removeAddress(ctx: RequestContext, addressId: unknown) {
  const found = await myAddress(ctx, addressId);
  await withinLimits(ctx, "address", { id: found.userId });
  await rows.deleteAddress(ctx.db, found.userId, found.id);
}

export async function makeDefaultAddress(ctx: RequestContext, addressId: unknown) {
  const found = await myAddress(ctx, addressId);
  await withinLimits(ctx, "address", { id: found.userId });
  await rows.setDefaultAddress(ctx.db, found.userId, found.id);
}

const sameDelivery = (a: Delivery, b: Delivery) =>
  a.name === b.name && a.phone === b.phone && a.district === b.district && a.address === b.address;

/**
 * Checkout's "save this address": kept unless the book has it already or is full (then nothing is said: the order
 * is what the buyer asked for).
 */
export async function rememberAddress(ctx: RequestContext, delivery: Delivery): Promise<void> {
  const user = signedIn(await ctx.actor());
  const book = await rows.selectAddresses(ctx.db, user.id);
  if (book.length >= MAX_SAVED_ADDRESSES || book.some((a) => sameDelivery(a.delivery, delivery))) return;
  await rows.insertAddress(ctx.db, user.id, delivery, false);
}
