import fc from "fast-check";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { SavedAddressList, ZoneList, type ZoneJson } from "@server/delivery/wire";
import { InsertedId, Acknowledged } from "@server/openapi/common-answers";
import { DIVISIONS } from "@shared/bangladesh";
import { MAX_NAME_LENGTH } from "@shared/schemas/text";
import { asBearer, jsonInit } from "../support/accounts";
import { CALLS_COUNTED } from "../support/fingerprint";
import { addressBookProblems, anAddressBook, anAddressOf, type Scene } from "../support/cart-scenes";
import { fuzzEachVisit, useVisitAccounts } from "../support/fuzz/fuzz-visit";
import { hostileText } from "../support/fuzz/hostile-values";
import { hostileOrEdge } from "../support/fuzz/visit-cases";
import { TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";

const DISTRICTS: string[] = DIVISIONS.flatMap((d) => d.districts.map(([name]) => name));

// prettier-ignore
const CHARGES = [0, -0, 0.01, 0.005, 0.1 + 0.2, 70, 9999.99, 10_000, 10_000.01, -1, -0.01, 1e-7, 100.001, 2 ** 53];
// prettier-ignore
const FREE_ABOVE = [null, 0, 1, 0.5, 0.99, 5000, 10_000_000, 10_000_000.01, 1e-9, -1];
const ZONE_FIELDS = ["id", "firstKg", "perKg", "freeAbove", "codAvailable", "advanceDeliveryCharge", "districts"];
const EDGES_OF: Record<string, readonly unknown[]> = {
  id: ["dhaka_city", "dhaka_suburbs", "outside_dhaka", "DHAKA_CITY", "chittagong", ""],
  firstKg: CHARGES,
  perKg: CHARGES,
  freeAbove: FREE_ABOVE,
  codAvailable: [true, false, "true", 0, null],
  advanceDeliveryCharge: [true, false, "false", 1, null],
  districts: [[], DISTRICTS, [...DISTRICTS, "Dhaka"], DISTRICTS.slice(0, 65), ["Dhaka", "Dhaka"], ["Atlantis"], [""]],
};

/** One change to the three zones: deep in one zone, or to the list's shape. */
type ZoneChange =
  | { zone: number; field: string; to: unknown }
  | { zone: number; addDistrict: string }
  | { zone: number; replacedBy: unknown }
  | { dropZone: number }
  | { duplicateZone: number }
  | { swapIds: [number, number] };

const zoneIndex = fc.integer({ min: 0, max: 2 });
const zoneChange: fc.Arbitrary<ZoneChange> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .constantFrom(...ZONE_FIELDS)
      .chain((field) => fc.record({ zone: zoneIndex, field: fc.constant(field), to: hostileOrEdge(EDGES_OF[field]!) })),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      zone: zoneIndex,
      addDistrict: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...DISTRICTS) },
        { weight: 1, arbitrary: fc.constantFrom("sylhet", " Sylhet", "Atlantis", "ঢাকা", "") },
        { weight: 1, arbitrary: hostileText.filter((text) => text.length < 10_000) },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ zone: zoneIndex, replacedBy: hostileOrEdge([null, {}, [], "dhaka_city"]) }) },
  { weight: 1, arbitrary: fc.record({ dropZone: zoneIndex }) },
  { weight: 1, arbitrary: fc.record({ duplicateZone: zoneIndex }) },
  { weight: 1, arbitrary: fc.record({ swapIds: fc.tuple(zoneIndex, zoneIndex) }) },
);

/** The zones' body with the changes made: deep changes request-cases.ts cannot make (it leaves arrays whole). */
function changedZones(zones: ZoneJson[], changes: ZoneChange[]) {
  const list: unknown[] = zones.map((z) => ({ ...z, districts: [...z.districts] }));
  const zoneAt = (i: number) => list[i] as Record<string, unknown> | undefined;
  for (const c of changes) {
    if ("field" in c) {
      const zone = zoneAt(c.zone);
      if (zone && typeof zone === "object")
        Object.defineProperty(zone, c.field, { value: c.to, enumerable: true, writable: true, configurable: true });
    } else if ("addDistrict" in c) {
      const districts = zoneAt(c.zone)?.districts;
      if (Array.isArray(districts)) districts.push(c.addDistrict);
    } else if ("replacedBy" in c) list[c.zone] = c.replacedBy;
    else if ("dropZone" in c) list.splice(c.dropZone, 1);
    else if ("duplicateZone" in c) list.push(list[c.duplicateZone]);
    else {
      const [a, b] = [zoneAt(c.swapIds[0]), zoneAt(c.swapIds[1])];
      if (a && b && typeof a === "object" && typeof b === "object") [a.id, b.id] = [b.id, a.id];
    }
  }
  return { zones: list };
}

// prettier-ignore
const ADDRESS_EDGES = {
  "delivery.name": ["", " ", "a".repeat(MAX_NAME_LENGTH), "a".repeat(MAX_NAME_LENGTH + 1), "Karim\u202e Uddin", "\u200b"],
  "delivery.phone": ["01712345678", "+8801712345678", "8801712345678", "01212345678", "0171234567", "০১৭১২৩৪৫৬৭৮", "017 1234 5678"],
  "delivery.division": ["Dhaka", "Sylhet", "Chattogram", "dhaka", "Dhaka Division"],
  "delivery.district": ["Gazipur", "Sylhet", "Dhaka", "Cox's Bazar", "gazipur"],
  "delivery.address": ["", "a".repeat(300), "a".repeat(301), "House 1\nRoad 2"],
  isDefault: [true, false, "true", 1, null],
};

/**
 * The delivery zones (anyone reads them, an admin sets them) and the address book (a customer's own), each as a
 * guest, a customer and an admin, with hostile bodies, ids, queries and cookies: every answer is one the OpenAPI
 * document gives the call, never a 5xx; a refusal says `{message, code}` and changes no row; another customer's
 * address is never reached; what a taken request stored is whole (each district in one zone at most, each address
 * one the schema takes, one default per book).
 */
describe("fuzzing the delivery zones and the address book: never a 5xx, and a refused request changes no row", () => {
  const t = useTestApp();
  const accounts = useVisitAccounts(t);

  let shopZones: ZoneJson[] = [];
  const readZones = async () => (await (await t.request("/api/delivery-zones")).json()) as ZoneJson[];
  beforeAll(async () => {
    shopZones = await readZones();
  });
  // The zones as they were, for whatever runs after this file on its database.
  afterAll(async () => {
    const res = await t.request("/api/delivery-zones", jsonInit("PUT", { zones: shopZones }, asBearer(accounts.admin)));
    expect(res.status).toBe(200);
  });

  /** Whatever was taken, every district is in one zone at most, a real one, and Outside Dhaka names none. */
  const zoneProblems = async () => {
    const zones = await readZones();
    const named = zones.flatMap((z) => z.districts);
    const problems = named.filter((d, i) => !DISTRICTS.includes(d) || named.indexOf(d) !== i);
    if (zones.find((z) => z.id === "outside_dhaka")?.districts.length) problems.push("outside_dhaka names districts");
    if (zones.length !== 3) problems.push(`${zones.length} zones`);
    return problems;
  };

  const ownersBook = (count: number) => () => anAddressBook(t, accounts.owner, count);
  /** The owner's book of two (the first the default) and, for the `{id}`'s other place, another customer's address. */
  const ownersBookAndAnothers = async (): Promise<Scene> => ({
    ...(await anAddressBook(t, accounts.owner, 2)),
    othersAddressId: await anAddressOf(t, accounts.other),
  });
  const address = (s: Scene) => s.addressId!;
  const anothers = (s: Scene) => s.othersAddressId!;
  const stored = () => addressBookProblems(t);
  const saved = () => ({ delivery: TEST_DELIVERY, isDefault: true });
  const renamed = () => ({ delivery: { ...TEST_DELIVERY, name: "Rahim Sheikh" }, isDefault: true });

  // prettier-ignore
  fuzzEachVisit(t, [
    { call: "GET /api/delivery-zones",    as: "guest", answer: ZoneList, readOnly: true },
    { call: "GET /api/delivery-zones",    as: "owner", answer: ZoneList, readOnly: true },
    { call: "GET /api/delivery-zones",    as: "admin", answer: ZoneList, readOnly: true },
    { call: "PUT /api/delivery-zones",    as: "admin", body: () => ({ zones: shopZones }), moreBodies: () => fc.array(zoneChange, { minLength: 1, maxLength: 3 }).map((changes) => changedZones(shopZones, changes)), answer: ZoneList, stored: zoneProblems },
    { call: "PUT /api/delivery-zones",    as: "owner", body: () => ({ zones: shopZones }), refused: 403 },
    { call: "PUT /api/delivery-zones",    as: "guest", body: () => ({ zones: shopZones }), refused: 401 },
    { call: "GET /api/addresses",         as: "owner", scene: ownersBook(2), answer: SavedAddressList, readOnly: true },
    { call: "GET /api/addresses",         as: "admin", scene: () => anAddressBook(t, accounts.admin, 2), answer: SavedAddressList, readOnly: true },
    { call: "GET /api/addresses",         as: "guest", scene: ownersBook(2), readOnly: true, refused: 401 },
    // A book of nine: the valid request fills it to the most it holds. The admin's is full: every request refused.
    // Address-book writes that pass the schema count against the rate limit, taken or not (CALLS_COUNTED).
    { call: "POST /api/addresses",        as: "owner", scene: ownersBook(9), body: saved, edges: ADDRESS_EDGES, answer: InsertedId, stored, ignored: CALLS_COUNTED },
    { call: "POST /api/addresses",        as: "admin", scene: () => anAddressBook(t, accounts.admin, 10), body: saved, edges: ADDRESS_EDGES, refused: 409, ignored: CALLS_COUNTED },
    { call: "POST /api/addresses",        as: "guest", body: saved, refused: 401 },
    { call: "PUT /api/addresses/{id}",    as: "owner", scene: ownersBookAndAnothers, id: address, others: anothers, body: renamed, edges: ADDRESS_EDGES, answer: Acknowledged, stored, ignored: CALLS_COUNTED },
    { call: "PUT /api/addresses/{id}",    as: "admin", scene: ownersBook(2), id: address, body: renamed, refused: 404 },
    { call: "PUT /api/addresses/{id}",    as: "guest", scene: ownersBook(2), id: address, body: renamed, refused: 401 },
    // The default goes: the oldest left becomes the default.
    { call: "DELETE /api/addresses/{id}", as: "owner", scene: ownersBookAndAnothers, id: address, others: anothers, answer: Acknowledged, stored, ignored: CALLS_COUNTED },
    { call: "DELETE /api/addresses/{id}", as: "admin", scene: ownersBook(2), id: address, refused: 404 },
    { call: "DELETE /api/addresses/{id}", as: "guest", scene: ownersBook(2), id: address, refused: 401 },
  ], accounts);
});
