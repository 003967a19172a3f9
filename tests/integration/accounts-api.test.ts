import { describe, expect, it } from "vitest";
import { findUserByEmail } from "@server/accounts/sql/user-rows";
import { asBearer, asCookie, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { TEST_ORIGIN, useTestApp } from "../support/test-app";

describe("accounts API", () => {
  const t = useTestApp();

  describe("sign-up and sign-in", () => {
    it("signs up with name, email and password and sets an httpOnly, SameSite=Lax session cookie", async () => {
      const res = await t.request(
        "/api/auth/sign-up/email",
        jsonInit("POST", { name: "Rina", email: "rina@example.test", password: "chisel-12" }),
      );
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("randa.session_token="))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const stored = await findUserByEmail(t.database.db, "rina@example.test");
      expect(stored).toMatchObject({ name: "Rina", role: "user" });
    });

    it("refuses a second account with the same email", async () => {
      const res = await t.request(
        "/api/auth/sign-up/email",
        jsonInit("POST", { name: "Rina Again", email: "rina@example.test", password: "chisel-12" }),
      );
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(((await res.json()) as { message: string }).message).toMatch(/already exists/i);
    });

    it("never lets sign-up choose a role", async () => {
      const res = await t.request(
        "/api/auth/sign-up/email",
        jsonInit("POST", { name: "Sly", email: "sly@example.test", password: "chisel-12", role: "admin" }),
      );
      expect(res.status).toBeLessThan(500);
      const stored = await findUserByEmail(t.database.db, "sly@example.test");
      expect(stored?.role ?? "user").toBe("user");
    });

    it("signs in with the right password", async () => {
      const res = await t.request(
        "/api/auth/sign-in/email",
        jsonInit("POST", { email: "rina@example.test", password: "chisel-12" }),
      );
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("randa.session_token="))).toBe(true);
    });

    it("answers a wrong password and an unknown email with the same 401 message", async () => {
      const wrong = await t.request(
        "/api/auth/sign-in/email",
        jsonInit("POST", { email: "rina@example.test", password: "not-it-at-all" }),
      );
      const unknown = await t.request(
        "/api/auth/sign-in/email",
        jsonInit("POST", { email: "nobody@example.test", password: "not-it-at-all" }),
      );
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const a = (await wrong.json()) as { message: string };
      const b = (await unknown.json()) as { message: string };
      expect(a.message).toBe(b.message);
      expect(a.message).toMatch(/invalid email or password/i);
    });

    it("refuses a sign-in form posted from another site's page", async () => {
      const res = await t.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
        body: "email=rina%40example.test&password=chisel-12",
      });
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
    });

    it("refuses a cookie-authenticated write from another site's page", async () => {
      const account = await signUp(t);
      const res = await t.request(`/api/profile/${account.email}`, {
        method: "PUT",
        headers: { ...asCookie(account), "Content-Type": "text/plain", Origin: "https://evil.example" },
        body: JSON.stringify({ location: "Hacked" }),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: "request.cross_site",
        message: "This request came from another site and was refused.",
      });
    });

    it("ends the session on sign-out", async () => {
      const account = await signUp(t);
      const out = await t.request("/api/auth/sign-out", {
        method: "POST",
        headers: { ...asCookie(account), Origin: TEST_ORIGIN },
      });
      expect(out.status).toBe(200);
      const after = await t.request(`/api/admin/${account.email}`, { headers: asCookie(account) });
      expect(after.status).toBe(401);
    });
  });

  describe("PUT /api/user/{email}", () => {
    it("gives the signed-in user a bearer token that works on the other calls", async () => {
      const account = await signUp(t);
      const res = await t.request(
        `/api/user/${account.email}`,
        jsonInit("PUT", { email: account.email, name: account.name }, asCookie(account)),
      );
      expect(res.status).toBe(200);
      const { token } = (await res.json()) as { token: string };
      expect(token).toBeTruthy();
      const check = await t.request(`/api/admin/${account.email}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(check.status).toBe(200);
      expect(await check.json()).toEqual({ admin: false });
    });

    it("updates the display name and ignores any other field, a role above all", async () => {
      const account = await signUp(t);
      const res = await t.request(
        `/api/user/${account.email}`,
        jsonInit(
          "PUT",
          { email: account.email, name: "New Name", role: "admin", emailVerified: true },
          asCookie(account),
        ),
      );
      expect(res.status).toBe(200);
      const stored = await findUserByEmail(t.database.db, account.email);
      expect(stored).toMatchObject({ name: "New Name", role: "user", emailVerified: false });
    });

    it("answers 403 for another person's email, in the path or in the body", async () => {
      const account = await signUp(t);
      const other = await signUp(t);
      const path = await t.request(
        `/api/user/${other.email}`,
        jsonInit("PUT", { email: other.email }, asCookie(account)),
      );
      expect(path.status).toBe(403);
      const body = await t.request(
        `/api/user/${account.email}`,
        jsonInit("PUT", { email: other.email }, asCookie(account)),
      );
      expect(body.status).toBe(403);
    });

    it("answers 401 with no session: no token for an email alone (the 2022 store's worst flaw)", async () => {
      const account = await signUp(t);
      const res = await t.request(`/api/user/${account.email}`, jsonInit("PUT", { email: account.email, name: "x" }));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: "auth.sign_in_required", message: "Please sign in first." });
    });

    it("answers 400 to a body that is not JSON", async () => {
      const account = await signUp(t);
      const res = await t.request(`/api/user/${account.email}`, {
        method: "PUT",
        headers: { ...asBearer(account), "Content-Type": "application/json" },
        body: "{not json",
      });
      expect(res.status).toBe(400);
    });
  });

  describe("GET /api/admin/{email}", () => {
    it("tells a user and an admin whether the account is an admin; others get 403", async () => {
      const customer = await signUp(t);
      const other = await signUp(t);
      const admin = await signUpAdmin(t);
      expect(await (await t.request(`/api/admin/${customer.email}`, { headers: asBearer(customer) })).json()).toEqual({
        admin: false,
      });
      expect(await (await t.request(`/api/admin/${admin.email}`, { headers: asCookie(admin) })).json()).toEqual({
        admin: true,
      });
      expect(await (await t.request(`/api/admin/${customer.email}`, { headers: asCookie(admin) })).json()).toEqual({
        admin: false,
      });
      expect((await t.request(`/api/admin/${admin.email}`, { headers: asCookie(other) })).status).toBe(403);
      expect((await t.request(`/api/admin/${admin.email}`)).status).toBe(401);
    });
  });

  describe("GET /api/user and PUT /api/user/admin/{email}", () => {
    let admin: TestAccount;
    let customer: TestAccount;

    it("lists users for an admin with _id, name, email and role only", async () => {
      admin = await signUpAdmin(t);
      customer = await signUp(t);
      const res = await t.request("/api/user", { headers: asCookie(admin) });
      expect(res.status).toBe(200);
      const users = (await res.json()) as Record<string, unknown>[];
      const row = users.find((u) => u.email === customer.email)!;
      expect(Object.keys(row).sort()).toEqual(["_id", "email", "name", "role"]);
      expect(row.role).toBe("user");
      expect(JSON.stringify(users)).not.toMatch(/password|token/i);
    });

    it("keeps the user list from customers (403) and strangers (401)", async () => {
      expect((await t.request("/api/user", { headers: asCookie(customer) })).status).toBe(403);
      expect((await t.request("/api/user")).status).toBe(401);
    });

    it("lets only an admin promote: a customer gets 403 and promotes nobody", async () => {
      const self = await t.request(`/api/user/admin/${customer.email}`, { method: "PUT", headers: asBearer(customer) });
      expect(self.status).toBe(403);
      expect((await findUserByEmail(t.database.db, customer.email))!.role).toBe("user");
      expect((await t.request(`/api/user/admin/${customer.email}`, { method: "PUT" })).status).toBe(401);
    });

    it("promotes once: modifiedCount 1, then 0", async () => {
      const first = await t.request(`/api/user/admin/${customer.email}`, { method: "PUT", headers: asCookie(admin) });
      expect(await first.json()).toEqual({ modifiedCount: 1 });
      const again = await t.request(`/api/user/admin/${customer.email}`, { method: "PUT", headers: asCookie(admin) });
      expect(await again.json()).toEqual({ modifiedCount: 0 });
      expect((await findUserByEmail(t.database.db, customer.email))!.role).toBe("admin");
    });

    it("answers 404 for an unknown email", async () => {
      const res = await t.request(`/api/user/admin/nobody-here@example.test`, {
        method: "PUT",
        headers: asCookie(admin),
      });
      expect(res.status).toBe(404);
    });

    it("answers 404, like any unknown email, for one with a NUL character in the path", async () => {
      const nul = `${encodeURIComponent(customer.email)}%00`;
      for (const [method, path] of [
        ["PUT", `/api/user/admin/${nul}`],
        ["DELETE", `/api/user/${nul}`],
        ["GET", `/api/profile/${nul}`],
        ["GET", `/api/order/${nul}`],
        ["GET", `/api/admin/${nul}`],
      ] as const) {
        const res = await t.request(path, { method, headers: asCookie(admin) });
        expect([method, path, res.status, await res.json()]).toEqual([
          method,
          path,
          404,
          { code: "user.not_found", message: "No user with that email" },
        ]);
      }
    });
  });

  describe("DELETE /api/user/{email}", () => {
    it("lets an admin remove a customer, but not themselves or another admin", async () => {
      const admin = await signUpAdmin(t);
      const otherAdmin = await signUpAdmin(t);
      const customer = await signUp(t);
      expect(
        (await t.request(`/api/user/${customer.email}`, { method: "DELETE", headers: asBearer(customer) })).status,
      ).toBe(403);
      expect((await t.request(`/api/user/${admin.email}`, { method: "DELETE", headers: asCookie(admin) })).status).toBe(
        409,
      );
      expect(
        (await t.request(`/api/user/${otherAdmin.email}`, { method: "DELETE", headers: asCookie(admin) })).status,
      ).toBe(409);
      const res = await t.request(`/api/user/${customer.email}`, { method: "DELETE", headers: asCookie(admin) });
      expect(await res.json()).toEqual({ deletedCount: 1 });
      expect(await findUserByEmail(t.database.db, customer.email)).toBeUndefined();
      // The removed customer's session ends with the account.
      expect((await t.request(`/api/admin/${customer.email}`, { headers: asCookie(customer) })).status).toBe(401);
    });
  });

  describe("GET and PUT /api/profile/{email}", () => {
    it("lets the owner save and read a profile", async () => {
      const owner = await signUp(t);
      const put = await t.request(
        `/api/profile/${owner.email}`,
        jsonInit(
          "PUT",
          { education: "Diploma in Carpentry", number: "01712345678", location: "Khulna", role: "admin" },
          asCookie(owner),
        ),
      );
      expect(await put.json()).toEqual({ acknowledged: true });
      const get = await t.request(`/api/profile/${owner.email}`, { headers: asBearer(owner) });
      expect(await get.json()).toEqual({
        name: owner.name,
        email: owner.email,
        education: "Diploma in Carpentry",
        number: "01712345678",
        location: "Khulna",
      });
      expect((await findUserByEmail(t.database.db, owner.email))!.role).toBe("user");
    });

    it("keeps other customers out (403) and lets an admin in", async () => {
      const owner = await signUp(t);
      const other = await signUp(t);
      const admin = await signUpAdmin(t);
      expect((await t.request(`/api/profile/${owner.email}`, { headers: asCookie(other) })).status).toBe(403);
      const overwrite = await t.request(
        `/api/profile/${owner.email}`,
        jsonInit("PUT", { location: "x" }, asCookie(other)),
      );
      expect(overwrite.status).toBe(403);
      expect((await t.request(`/api/profile/${owner.email}`, { headers: asCookie(admin) })).status).toBe(200);
      expect((await t.request(`/api/profile/${owner.email}`)).status).toBe(401);
    });

    it("refuses an over-long field with a message and stores nothing", async () => {
      const owner = await signUp(t);
      const res = await t.request(
        `/api/profile/${owner.email}`,
        jsonInit("PUT", { location: "x".repeat(201) }, asCookie(owner)),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: "profile.location_too_long",
        message: "Location must be at most 200 characters",
      });
      const get = await t.request(`/api/profile/${owner.email}`, { headers: asCookie(owner) });
      expect(((await get.json()) as { location: string }).location).toBe("");
    });
  });
});
