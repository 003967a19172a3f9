import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { Delivery } from "@shared/schemas/delivery";
import type { Db } from "../../db/client";
import { savedAddress, type SavedAddressRow } from "../../db/schema";

export type SavedAddress = SavedAddressRow;

/** A customer's addresses, the default first, then the oldest. */
export function selectAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  return db
    .select()
    .from(savedAddress)
    .where(eq(savedAddress.userId, userId))
    .orderBy(desc(savedAddress.isDefault), asc(savedAddress.createdAt), asc(savedAddress.id));
}

export async function selectAddress(db: Db, userId: string, id: string): Promise<SavedAddress | null> {
  const [row] = await db
    .select()
    .from(savedAddress)
    .where(and(eq(savedAddress.userId, userId), eq(savedAddress.id, id)));
  return row ?? null;
}

export async function countAddresses(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedAddress).where(eq(savedAddress.userId, userId));
  return row?.n ?? 0;
}

/** Makes `id` the customer's one default (the others lose it first: the unique index allows one). */
async function makeDefault(tx: Db, userId: string, id: string) {
  await tx
    .update(savedAddress)
    .set({ isDefault: false })
    .where(and(eq(savedAddress.userId, userId), ne(savedAddress.id, id), eq(savedAddress.isDefault, true)));
  await tx.update(savedAddress).set({ isDefault: true, updatedAt: new Date() }).where(eq(savedAddress.id, id));
}

/** A new address; the first one, or one asked to be, is the default. */
export async function insertAddress(db: Db, userId: string, delivery: Delivery, asDefault: boolean) {
  return db.transaction(async (tx) => {
    const first = (await countAddresses(tx, userId)) === 0;
    const [row] = await tx.insert(savedAddress).values({ userId, delivery }).returning();
    if (first || asDefault) await makeDefault(tx, userId, row!.id);
    return row!;
  });
}

export async function updateAddress(db: Db, userId: string, id: string, delivery: Delivery, asDefault: boolean) {
  return db.transaction(async (tx) => {
    await tx
      .update(savedAddress)
      .set({ delivery, updatedAt: new Date() })
      .where(and(eq(savedAddress.userId, userId), eq(savedAddress.id, id)));
    if (asDefault) await makeDefault(tx, userId, id);
  });
}

/** Removes an address; when it was the default, the oldest left becomes it. */
export async function deleteAddress(db: Db, userId: string, id: string) {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(savedAddress)
      .where(and(eq(savedAddress.userId, userId), eq(savedAddress.id, id)))
      .returning();
    if (!gone?.isDefault) return;
    const [next] = await tx
      .select({ id: savedAddress.id })
      .from(savedAddress)
      .where(eq(savedAddress.userId, userId))
      .orderBy(asc(savedAddress.createdAt), asc(savedAddress.id))
      .limit(1);
    if (next) await makeDefault(tx, userId, next.id);
  });
}

/** Makes one of the customer's addresses the default. */
export function setDefaultAddress(db: Db, userId: string, id: string) {
  return db.transaction((tx) => makeDefault(tx, userId, id));
}
