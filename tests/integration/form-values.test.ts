import { describe, expect, it } from "vitest";
import { typedValues } from "~/door/form-input.server";
import { signUp } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { usePageApp } from "../support/page-app";

/**
 * Issue 27, item 9: a refused form comes back with what was typed, never a password. The browser tests
 * (tests/e2e/forms-keep-values.spec.ts) type into each form; these read what the answers carry.
 */
describe("a refused form's answer carries what was typed, never a password", () => {
  const t = usePageApp();
  const PASSWORD = "never-shown-again-1";

  it("takes each text field's last value and leaves out passwords, tokens and files", () => {
    const form = new FormData();
    form.append("email", "karim@example.test");
    form.append("featured", "false");
    form.append("featured", "true");
    for (const name of ["password", "currentPassword", "newPassword", "token"]) form.append(name, PASSWORD);
    form.append("image", new File(["x"], "photo.png"));
    expect(typedValues(form)).toEqual({ email: "karim@example.test", featured: "true" });
    expect(typedValues({ name: "Rahima", password: PASSWORD })).toEqual({ name: "Rahima" });
  });

  it("the sign-in pages, which ship no script: the fields in the HTML, the password nowhere", async () => {
    const account = await signUp(t);
    const pages = [
      ["/login", { email: account.email, password: PASSWORD }, { email: account.email }],
      [
        "/register",
        { name: "Rahima Akter", email: "rahima.example.test", password: PASSWORD },
        { name: "Rahima Akter", email: "rahima.example.test" },
      ],
      ["/forgot-password", { email: "karim.example.test" }, { email: "karim.example.test" }],
    ] as const;
    for (const [path, fields, kept] of pages) {
      const res = await t.postForm(path, fields);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      const html = await res.text();
      for (const [name, value] of Object.entries(kept)) {
        expect(html, `${path} ${name}`).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*value="${value}"`));
      }
      expect(html, path).not.toContain(PASSWORD);
    }
  });

  it("a hydrated page (My Profile): the values in its answer, a password field never", async () => {
    const customer = await signUp(t);
    const answer = await readAnswer(
      await t.postForm(
        "/dashboard/profile",
        { education: "Diploma", number: "01812345678", location: "Khulna \u202egnp.exe", password: PASSWORD },
        customer,
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.formErrors.location).toBeDefined();
    expect((answer.data as { values?: unknown }).values).toEqual({
      education: "Diploma",
      number: "01812345678",
      location: "Khulna \u202egnp.exe",
    });
  });
});
