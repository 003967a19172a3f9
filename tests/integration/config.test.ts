import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, paymentProviderOf, sslcommerzSandbox, storeMode } from "@server/config";

describe("configuration", () => {
  it("has defaults that run the embedded store", () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      DATA_DIR: "./data",
      DEMO_DATA: true,
      GOOGLE_ISSUER: "https://accounts.google.com",
      MAIL_FROM: "Randa <no-reply@randa.example>",
      SIGN_IN_LIMIT_PER_MINUTE: 5,
      ORDER_LIMIT_PER_MINUTE: 10,
      CART_LIMIT_PER_MINUTE: 60,
      ADDRESS_LIMIT_PER_HOUR: 30,
      STOCK_LIMIT_PER_HOUR: 600,
      COURIER_LIMIT_PER_HOUR: 600,
      VOTE_LIMIT_PER_HOUR: 120,
      IMPORT_LIMIT_PER_HOUR: 60,
      COURIER_POLL_MINUTES: 30,
      CART_DAYS: 30,
      MAX_OPEN_ORDERS: 5,
      ORDER_HOLD_MINUTES: 60,
      COD_CONFIRM_HOURS: 24,
      COD_VERIFY_PHONE: false,
      PHONE_CODE_LIMIT_PER_HOUR: 3,
      WATCH_LIMIT_PER_HOUR: 10,
      ORDER_EXPIRY_INTERVAL_SECONDS: 30,
      MAIL_POLL_SECONDS: 5,
      REVIEW_LIMIT_PER_HOUR: 5,
      UPLOAD_LIMIT_PER_HOUR: 120,
      TRUST_PROXY: 0,
      SHUTDOWN_DELAY_SECONDS: 0,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: false,
      VAT_RATE: 0,
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
    [{ MAIL_POLL_SECONDS: "0" }, 'Configuration error: MAIL_POLL_SECONDS must be at least 1 (got "0").'],
    [{ TRUST_PROXY: "-1" }, 'Configuration error: TRUST_PROXY must be 0 or more (got "-1").'],
    [
      { HOST: "0.0.0.0" },
      "Configuration error: BASE_URL must be set when HOST (0.0.0.0) is not a loopback address: the address customers use, such as https://randa.example.",
    ],
    [
      {
        DATABASE_URL: "postgres://postgres@127.0.0.1:5432/randa",
        SSLCOMMERZ_STORE_ID: "s",
        SSLCOMMERZ_STORE_PASSWORD: "p",
      },
      "Configuration error: SSLCOMMERZ_SANDBOX must be set in a live store: false for real payments, true for the gateway's sandbox.",
    ],
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
    [
      { S3_BUCKET: "ab" },
      'Configuration error: S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens (got "ab").',
    ],
    [
      { S3_PUBLIC_URL: "https://images.randa.example" },
      "Configuration error: S3_PUBLIC_URL is set but S3_BUCKET is not; set the bucket or unset it.",
    ],
    [
      { S3_BUCKET: "randa-images", S3_ACCESS_KEY_ID: "AKIA0000" },
      "Configuration error: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.",
    ],
    [
      { S3_BUCKET: "randa-images", S3_SECRET_ACCESS_KEY: "only-the-secret" },
      "Configuration error: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.",
    ],
    [
      { S3_BUCKET: "randa-images", S3_ENDPOINT: "minio:9000" },
      'Configuration error: S3_ENDPOINT must be an http:// or https:// URL (got "minio:9000").',
    ],
    [
      { S3_BUCKET: "randa-images", S3_PUBLIC_URL: "https://cdn.example/images?v=1" },
      'Configuration error: S3_PUBLIC_URL must not have a query (?), fragment (#) or comma (got "https://cdn.example/images?v=1").',
    ],
  ])("stops on %o with one line saying which and why", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("images in object storage", () => {
  it("reads the bucket's settings, keeping the public address without its trailing slash", () => {
    const config = loadConfig({
      S3_BUCKET: "randa-images",
      S3_ENDPOINT: "https://0123abcd.r2.cloudflarestorage.com",
      S3_REGION: "auto",
      S3_ACCESS_KEY_ID: "key-id",
      S3_SECRET_ACCESS_KEY: "key-secret",
      S3_PUBLIC_URL: "https://images.randa.example/",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config).toMatchObject({
      S3_BUCKET: "randa-images",
      S3_ENDPOINT: "https://0123abcd.r2.cloudflarestorage.com",
      S3_REGION: "auto",
      S3_PUBLIC_URL: "https://images.randa.example",
      S3_FORCE_PATH_STYLE: true,
    });
  });

  it("takes the SDK's own credentials when no keys are given", () => {
    const config = loadConfig({ S3_BUCKET: "randa-images" });
    expect([config.S3_ACCESS_KEY_ID, config.S3_SECRET_ACCESS_KEY]).toEqual([undefined, undefined]);
  });

  it("never names the secret access key in an error", () => {
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-secret" })).toThrow(/S3_BUCKET is not/);
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-secret" })).not.toThrow(/wJalrXUtnFEMI/);
    expect(() => loadConfig({ S3_BUCKET: "randa-images", S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-secret" })).not.toThrow(
      /wJalrXUtnFEMI/,
    );
  });
});

describe("demo and live", () => {
  it("is the demo on the embedded database with demo data on a loopback address", () => {
    for (const HOST of ["127.0.0.1", "localhost", "::1", "127.0.0.2"]) {
      expect(storeMode(loadConfig({ HOST }))).toEqual({ live: false, reasons: [] });
    }
    expect(storeMode(loadConfig({ BASE_URL: "http://127.0.0.1:3000" })).live).toBe(false);
  });

  it.each([
    [{ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/randa" }, "DATABASE_URL names a PostgreSQL server"],
    [{ HOST: "0.0.0.0", BASE_URL: "http://shop.example" }, "HOST 0.0.0.0 is not a loopback address"],
    [{ BASE_URL: "https://randa.example" }, "BASE_URL is https"],
    [{ DEMO_DATA: "false" }, "DEMO_DATA is false"],
  ])("is live with %o, and says why", (env, reason) => {
    expect(storeMode(loadConfig(env))).toEqual({ live: true, reasons: [reason] });
  });

  it("keeps the SSLCommerz sandbox the demo's default, and a live store's word for it", () => {
    const gateway = { SSLCOMMERZ_STORE_ID: "s", SSLCOMMERZ_STORE_PASSWORD: "p" };
    expect(sslcommerzSandbox(loadConfig(gateway))).toBe(true);
    const live = { ...gateway, DEMO_DATA: "false" };
    expect(sslcommerzSandbox(loadConfig({ ...live, SSLCOMMERZ_SANDBOX: "false" }))).toBe(false);
    expect(sslcommerzSandbox(loadConfig({ ...live, SSLCOMMERZ_SANDBOX: "true" }))).toBe(true);
  });
});

describe("the payment provider", () => {
  const stripe = {
    STRIPE_SECRET_KEY: "sk_test_1",
    STRIPE_PUBLISHABLE_KEY: "pk_test_1",
    STRIPE_WEBHOOK_SECRET: "whsec_1",
  };

  it("is the test-card processor in the demo unless Stripe is configured", () => {
    expect(paymentProviderOf(loadConfig({}))).toBe("test");
    expect(paymentProviderOf(loadConfig(stripe))).toBe("stripe");
    expect(paymentProviderOf(loadConfig({ ...stripe, PAYMENT_PROVIDER: "test" }))).toBe("test");
  });

  it("is none in a live store unless Stripe is configured or PAYMENT_PROVIDER=test is said", () => {
    const live = { DEMO_DATA: "false" };
    expect(paymentProviderOf(loadConfig(live))).toBeNull();
    expect(
      paymentProviderOf(
        loadConfig({ ...live, SSLCOMMERZ_STORE_ID: "s", SSLCOMMERZ_STORE_PASSWORD: "p", SSLCOMMERZ_SANDBOX: "false" }),
      ),
    ).toBeNull();
    expect(paymentProviderOf(loadConfig({ ...live, PAYMENT_PROVIDER: "test" }))).toBe("test");
    expect(paymentProviderOf(loadConfig({ ...live, ...stripe }))).toBe("stripe");
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
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { resolveAuthSecret } = await import("@server/auth/secret");
    const dataDir = mkdtempSync(`${tmpdir()}/randa-secret-`);
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const first = resolveAuthSecret(config);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveAuthSecret(config)).toBe(first);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
