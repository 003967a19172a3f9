import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const ConfigSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DEMO_DATA: booleanFlag.default(true),
  /** Where customers reach the store; cookies, OAuth callbacks and e-mailed links are built from it. */
  BASE_URL: z.url({ error: "must be a URL such as https://randa.example" }).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Google's OpenID issuer; tests point it at a local stand-in. */
  GOOGLE_ISSUER: z.url({ error: "must be a URL" }).default("https://accounts.google.com"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().default("Randa <no-reply@randa.example>"),
  ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
  ADMIN_PASSWORD: z.string().min(6, "must be at least 6 characters").optional(),
  /** `test` (the built-in test-card processor) unless Stripe is configured. */
  PAYMENT_PROVIDER: z.enum(["test", "stripe"], { error: "must be test or stripe" }).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, "must be a publishable key (pk_…)").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The Stripe API's address; tests point it at a local stand-in. */
  STRIPE_API_URL: z.url({ error: "must be a URL" }).optional(),
  /** SSLCommerz (cards, bKash, Nagad): offered on the Pay Order page when the store id and password are set. */
  SSLCOMMERZ_STORE_ID: z.string().optional(),
  SSLCOMMERZ_STORE_PASSWORD: z.string().optional(),
  SSLCOMMERZ_SANDBOX: booleanFlag.default(true),
  /** The gateway's address; tests point it at a local stand-in. */
  SSLCOMMERZ_API_URL: z.url({ error: "must be a URL" }).optional(),
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(5),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Reads the environment once at start-up. Empty variables count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ConfigSchema.safeParse(present);
  if (parsed.success) {
    const config = parsed.data;
    if (config.ADMIN_EMAIL && !config.ADMIN_PASSWORD) {
      throw new ConfigError("Configuration error: ADMIN_PASSWORD must be set together with ADMIN_EMAIL.");
    }
    if (Boolean(config.GOOGLE_CLIENT_ID) !== Boolean(config.GOOGLE_CLIENT_SECRET)) {
      throw new ConfigError("Configuration error: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together.");
    }
    const stripeKeys = [config.STRIPE_SECRET_KEY, config.STRIPE_PUBLISHABLE_KEY, config.STRIPE_WEBHOOK_SECRET];
    if (paymentProviderOf(config) === "stripe" && !stripeKeys.every(Boolean)) {
      throw new ConfigError(
        "Configuration error: Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.",
      );
    }
    if (Boolean(config.SSLCOMMERZ_STORE_ID) !== Boolean(config.SSLCOMMERZ_STORE_PASSWORD)) {
      throw new ConfigError(
        "Configuration error: SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD must be set together.",
      );
    }
    return config;
  }
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0]);
  const secret = [
    "DATABASE_URL",
    "AUTH_SECRET",
    "GOOGLE_CLIENT_SECRET",
    "SMTP_URL",
    "ADMIN_PASSWORD",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "SSLCOMMERZ_STORE_PASSWORD",
  ];
  const shown = secret.includes(name) ? "" : ` (got "${present[name]}")`;
  throw new ConfigError(`Configuration error: ${name} ${issue.message}${shown}.`);
}

/** The payment provider in use: the one named, else Stripe when its secret key is set, else test cards. */
export function paymentProviderOf(config: Config): "test" | "stripe" {
  return config.PAYMENT_PROVIDER ?? (config.STRIPE_SECRET_KEY ? "stripe" : "test");
}
