import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, vi } from "vitest";
import { user } from "@server/db/schema";
import { CALLS_COUNTED, type Ignored } from "../support/fingerprint";
import { fuzzEach, useFuzzAccounts } from "../support/fuzz/fuzz-call";
import { FUZZ_RUNS } from "../support/fuzz/run-fuzz";
import { useTestApp } from "../support/test-app";

/**
 * Every request to sign-in and sign-up is counted in the database, refused or not: that is the limits' job (Better
 * Auth's per address in rate_limit, the store's per account in request_limit).
 */
const ATTEMPTS_COUNTED: Ignored = { tables: ["public.rate_limit", "public.request_limit"] };

/**
 * Better Auth's own endpoints: every case that gets through its checks hashes a password with scrypt, slow by
 * design (tens of milliseconds), so they get a quarter of the runs the store's own calls get.
 */
const AUTH_RUNS = Math.ceil(FUZZ_RUNS / 4);

describe("fuzzing the account calls: never a 5xx, and a refused request changes no row", () => {
  // Sign-in's rate limit would answer most cases with 429 before they reach Better Auth's checks.
  const t = useTestApp({ SIGN_IN_LIMIT_PER_MINUTE: "1000000" });
  const accounts = useFuzzAccounts(t);
  // Better Auth warns about every password it refuses, and the fuzz sends hundreds; errors are still shown.
  beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));
  afterAll(() => vi.restoreAllMocks());

  const theOwner = () => Promise.resolve({ email: accounts.owner.email, password: accounts.owner.password });
  const aNewEmail = () => Promise.resolve({ email: `new-${randomUUID()}@example.test` });
  /** A customer's account, written straight to the database: signing up hashes a password, which is slow. */
  const aCustomer = async () => {
    const email = `customer-${randomUUID()}@example.test`;
    await t.database.db.insert(user).values({ id: randomUUID(), name: "Rahim Sheikh", email });
    return { email };
  };
  const profile = { education: "BSc in Forestry", number: "01712345678", location: "Gazipur" };

  // prettier-ignore
  fuzzEach(t, [
    { call: "POST /api/review",            as: "owner", body: () => ({ rating: 4.5, comment: "Sharp out of the box." }), ignored: CALLS_COUNTED },
    { call: "PUT /api/profile/{email}",    as: "owner", scene: theOwner, id: (s) => s.email!, body: () => profile },
    { call: "PUT /api/profile/{email}",    as: "admin", scene: aCustomer, id: (s) => s.email!, body: () => profile },
    { call: "PUT /api/user/{email}",       as: "owner", scene: theOwner, id: (s) => s.email!, body: (s) => ({ email: s.email, name: "Karim Uddin" }) },
    { call: "PUT /api/user/admin/{email}", as: "admin", scene: aCustomer, id: (s) => s.email! },
    { call: "DELETE /api/user/{email}",    as: "admin", scene: aCustomer, id: (s) => s.email! },
    { call: "POST /api/auth/sign-up/email", as: "anonymous", scene: aNewEmail, body: (s) => ({ name: "Nasrin Akter", email: s.email, password: "sawdust-42" }), ignored: ATTEMPTS_COUNTED, runs: AUTH_RUNS },
    { call: "POST /api/auth/sign-in/email", as: "anonymous", scene: theOwner, body: (s) => ({ email: s.email, password: s.password }), ignored: ATTEMPTS_COUNTED, runs: AUTH_RUNS },
    { call: "POST /api/auth/update-user",   as: "owner", body: () => ({ name: "Karim Uddin", image: "https://randa.example/karim.png" }), ignored: ATTEMPTS_COUNTED },
  ], accounts);
});
