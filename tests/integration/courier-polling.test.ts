import { isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { storeContext } from "@server/context/request-context";
import { askAboutQuietParcels } from "@server/couriers";
import { consignment } from "@server/db/schema";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { bookParcel, parcelOf } from "../support/parcels";
import { orderRow } from "../support/orders";
import { useSteadfastApp } from "../support/provider-apps";

/** Parcels without news: the store asks Steadfast where they are (COURIER_POLL_MINUTES). */
describe("asking the courier about quiet parcels", () => {
  const { t, steadfast } = useSteadfastApp();
  let admin: TestAccount;
  let buyer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  async function aBookedParcel() {
    const { orderId, consignmentId } = await bookParcel(t, { buyer, admin }, "steadfast");
    return { orderId, id: Number(consignmentId) };
  }

  /** Makes every parcel of the test's database as quiet as `minutes`. */
  const quietFor = (minutes: number) =>
    t.database.db
      .update(consignment)
      .set({ newsAt: new Date(Date.now() - minutes * 60_000) })
      .where(isNotNull(consignment.id));

  const ask = () => askAboutQuietParcels(storeContext(t.services, "courier-polling"), 30);

  it("asks about a parcel quiet for longer than COURIER_POLL_MINUTES and takes its answer", async () => {
    const { orderId, id } = await aBookedParcel();
    steadfast.setStatus(id, "delivered");
    expect(await ask()).toBe(0);
    expect((await parcelOf(t, orderId)).parcel.state).toBe("booked");

    await quietFor(31);
    expect(await ask()).toBeGreaterThanOrEqual(1);
    const { parcel, steps } = await parcelOf(t, orderId);
    expect(parcel.state).toBe("delivered");
    expect(steps.map((s) => [s.source, s.courierStatus])).toEqual([
      ["booking", "in_review"],
      ["check", "delivered"],
    ]);
    expect((await orderRow(t, orderId)).status).toBe("delivered");

    // Delivered, it is asked about no more.
    await quietFor(31);
    const asked = steadfast.requests.length;
    await ask();
    expect((await parcelOf(t, orderId)).steps).toHaveLength(2);
    expect(steadfast.requests.length).toBe(asked);
  });

  it("writes no step when the courier says what it said last, and asks again a round later", async () => {
    const { orderId } = await aBookedParcel();
    await quietFor(31);
    await ask();
    const { parcel, steps } = await parcelOf(t, orderId);
    expect(parcel.state).toBe("booked");
    expect(steps).toHaveLength(1);
    expect(parcel.newsAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("leaves a parcel as it is when the courier does not answer, and asks again later", async () => {
    const { orderId, id } = await aBookedParcel();
    steadfast.setStatus(id, "pending");
    await quietFor(31);
    steadfast.silence(true, 20);
    await ask();
    steadfast.silence(false);
    expect((await parcelOf(t, orderId)).parcel.state).toBe("booked");

    await quietFor(31);
    await ask();
    expect((await parcelOf(t, orderId)).parcel.state).toBe("in_transit");
  });
});
