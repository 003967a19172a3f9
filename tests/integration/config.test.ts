import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, paymentProviderOf } from "@server/config";

describe("configuration", () => {
  it("has defaults that run the embedded store", () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      DEMO_DATA: true,
      GOOGLE_ISSUER: "https://accounts.google.com",
      MAIL_FROM: "Randa <no-reply@randa.example>",
      SIGN_IN_LIMIT_PER_MINUTE: 5,
      SSLCOMMERZ_SANDBOX: true,
    });
  });

  it("reads PostgreSQL from DATABASE_URL", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/randa", PORT: "8080" });
    expect(config.DATABASE_URL).toBe("postgres://postgres@127.0.0.1:5432/randa");
    expect(config.PORT).toBe(8080);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: "abc" }, 'Configuration error: PORT must be a number (got "abc").'],
    [{ PORT: "70000" }, 'Configuration error: PORT must be between 0 and 65535 (got "70000").'],
    [{ PORT: "80.5" }, 'Configuration error: PORT must be a whole number (got "80.5").'],
    [{ DATABASE_URL: "mysql://x" }, "Configuration error: DATABASE_URL must be a postgres:// or postgresql:// URL."],
    [{ DEMO_DATA: "maybe" }, 'Configuration error: DEMO_DATA must be true or false (got "maybe").'],
    [{ AUTH_SECRET: "short" }, "Configuration error: AUTH_SECRET must be at least 32 characters."],
    [
      { ADMIN_EMAIL: "boss@randa.example" },
      "Configuration error: ADMIN_PASSWORD must be set together with ADMIN_EMAIL.",
    ],
    [
      { GOOGLE_CLIENT_ID: "id" },
      "Configuration error: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together.",
    ],
    [{ SMTP_URL: "mail.example" }, "Configuration error: SMTP_URL must be an smtp:// or smtps:// URL."],
    [{ PAYMENT_PROVIDER: "paypal" }, 'Configuration error: PAYMENT_PROVIDER must be test or stripe (got "paypal").'],
    [
      { STRIPE_SECRET_KEY: "sk_test_1" },
      "Configuration error: Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.",
    ],
    [
      { PAYMENT_PROVIDER: "stripe" },
      "Configuration error: Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.",
    ],
    [
      { STRIPE_PUBLISHABLE_KEY: "sk_live_oops" },
      'Configuration error: STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…) (got "sk_live_oops").',
    ],
  ])("stops on %o with one line saying which and why", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("the payment provider", () => {
  const stripe = {
    STRIPE_SECRET_KEY: "sk_test_1",
    STRIPE_PUBLISHABLE_KEY: "pk_test_1",
    STRIPE_WEBHOOK_SECRET: "whsec_1",
  };

  it("is the test-card processor unless Stripe is configured", () => {
    expect(paymentProviderOf(loadConfig({}))).toBe("test");
    expect(paymentProviderOf(loadConfig(stripe))).toBe("stripe");
    expect(paymentProviderOf(loadConfig({ ...stripe, PAYMENT_PROVIDER: "test" }))).toBe("test");
  });

  it("never names the Stripe secret key in an error", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_live_secret", STRIPE_API_URL: "nope" })).toThrow(
      "Configuration error: STRIPE_API_URL must be a URL",
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_live_secret" })).not.toThrow(/sk_live_secret/);
  });
});

describe("the auth secret", () => {
  it("must be given when the store runs on PostgreSQL", async () => {
    const { resolveAuthSecret } = await import("@server/auth/secret");
    const config = loadConfig({ DATABASE_URL: "postgres://postgres@127.0.0.1/randa" });
    expect(() => resolveAuthSecret(config)).toThrow("AUTH_SECRET must be set when DATABASE_URL is used");
  });

  it("is made once and kept beside the embedded database", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { resolveAuthSecret } = await import("@server/auth/secret");
    const config = loadConfig({ DATA_DIR: mkdtempSync(`${tmpdir()}/randa-secret-`) });
    const first = resolveAuthSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret(config)).toBe(first);
  });
});
