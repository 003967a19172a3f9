import { isIP } from "node:net";
import { isBin } from "@shared/bin";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * An http(s) address that names files by appending `/name`: no query or fragment, no comma (a srcset splits on
 * them), no trailing slash kept.
 */
const webAddress = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
  .refine((url) => !/[?#,]/.test(url), "must not have a query (?), fragment (#) or comma")
  .transform((url) => url.replace(/\/+$/, ""));

/** A rate limit: how many calls in its window. */
const limitCount = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(fallback);

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
  /**
   * The card provider: `stripe`, or `test` (the built-in test-card processor, no real money). Unset: Stripe when
   * its secret key is set; else test cards in the demo and no card payments in a live store.
   */
  PAYMENT_PROVIDER: z.enum(["test", "stripe"], { error: "must be test or stripe" }).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, "must be a publishable key (pk_…)").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The Stripe API's address; tests point it at a local stand-in. */
  STRIPE_API_URL: z.url({ error: "must be a URL" }).optional(),
  /** SSLCommerz (cards, bKash, Nagad): offered on the Pay Order page when the store id and password are set. */
  SSLCOMMERZ_STORE_ID: z.string().optional(),
  SSLCOMMERZ_STORE_PASSWORD: z.string().optional(),
  /** The gateway's sandbox (true) or its live system (false); a live store must say which. */
  SSLCOMMERZ_SANDBOX: booleanFlag.optional(),
  /** The gateway's address; tests point it at a local stand-in. */
  SSLCOMMERZ_API_URL: z.url({ error: "must be a URL" }).optional(),
  /** Steadfast courier (server/couriers/): "Book courier" offers it when its keys are set. */
  STEADFAST_API_KEY: z.string().optional(),
  STEADFAST_SECRET_KEY: z.string().optional(),
  /** Its merchant API's address (https://portal.packzy.com/api/v1); tests point it at a local stand-in. */
  STEADFAST_BASE_URL: z.url({ error: "must be a URL" }).optional(),
  /** Pathao courier (server/couriers/): its merchant API's OAuth client and merchant login, and the pickup store. */
  PATHAO_CLIENT_ID: z.string().optional(),
  PATHAO_CLIENT_SECRET: z.string().optional(),
  PATHAO_USERNAME: z.string().optional(),
  PATHAO_PASSWORD: z.string().optional(),
  PATHAO_STORE_ID: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .positive()
    .optional(),
  /** The secret set for the webhook in Pathao's panel (its X-PATHAO-Signature). */
  PATHAO_WEBHOOK_SECRET: z.string().min(8, "must be at least 8 characters").optional(),
  /** Its API's address (https://api-hermes.pathao.com; the sandbox is https://courier-api-sandbox.pathao.com). */
  PATHAO_BASE_URL: z.url({ error: "must be a URL" }).optional(),
  /** How long a parcel goes without news (a webhook or an answer) before the store asks its courier where it is. */
  COURIER_POLL_MINUTES: limitCount(30),
  /** The bearer token Steadfast's delivery-status webhook carries, as set in its portal. */
  STEADFAST_WEBHOOK_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * Who sends the store's text messages (server/sms/): `sslwireless`; `kept` (kept and printed, as the demo does);
   * `none`. Unset: SSL Wireless when its settings are set; else kept in the demo and none in a live store.
   */
  SMS_PROVIDER: z.enum(["sslwireless", "kept", "none"], { error: "must be sslwireless, kept or none" }).optional(),
  /** SSL Wireless's ISMS API: its base before `/api/v3/send-sms` (https://smsplus.sslwireless.com), token and SID. */
  SSLWIRELESS_SMS_URL: webAddress.optional(),
  SSLWIRELESS_SMS_API_TOKEN: z.string().min(8, "must be at least 8 characters").optional(),
  SSLWIRELESS_SMS_SID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, "must be the account's SID: letters, digits, dots, dashes or underscores")
    .optional(),
  /** The least severe log line written: trace, debug, info (each request), warn, error, fatal, or silent. */
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  /** json: one JSON object a line, for a log collector; pretty: for a person at a terminal (`npm run dev`'s default). */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /** The bearer token GET /metrics asks for; without one, the metrics are served to this machine only. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * After SIGTERM, how long the store goes on taking requests while GET /api/ready answers 503, so that a load
   * balancer checking it stops sending requests first. 0 (the default) closes the port at once: nginx then sends
   * new requests to another copy.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(300, "must be at most 300")
    .default(0),
  /** How many proxies stand in front of the store; their X-Forwarded-* headers are believed, nobody else's. */
  TRUST_PROXY: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(10, "must be at most 10")
    .default(0),
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(5),
  /** Orders one account may place in a minute; an address, three accounts' worth (server/limits/rules.ts). */
  ORDER_LIMIT_PER_MINUTE: limitCount(10),
  /** Cart changes (add, change, remove) one account or guest cart may make in a minute; an address, three's worth. */
  CART_LIMIT_PER_MINUTE: limitCount(60),
  /** Address-book writes (save, change, remove, make default) one account may make in an hour; an address, three's worth. */
  ADDRESS_LIMIT_PER_HOUR: limitCount(30),
  /** Stock receipts, counts and write-offs one admin may record in an hour; an address, three's worth. */
  STOCK_LIMIT_PER_HOUR: limitCount(600),
  /** Parcels booked, received back and courier payouts one admin may record in an hour; an address, three's worth. */
  COURIER_LIMIT_PER_HOUR: limitCount(600),
  /** "Helpful" votes on tools' reviews one account may give in an hour; an address, three's worth. */
  VOTE_LIMIT_PER_HOUR: limitCount(120),
  /** Catalog spreadsheets (dry runs and imports) one admin may send in an hour; an address, three's worth. */
  IMPORT_LIMIT_PER_HOUR: limitCount(60),
  /** How many days a cart nobody touched is kept. */
  CART_DAYS: limitCount(30),
  /** Open orders (unpaid, or cash on delivery the shop has not confirmed) one account may hold at once. */
  MAX_OPEN_ORDERS: limitCount(5),
  /** How long an unpaid online order holds its stock before it expires (server/orders/sql/expire-due.ts). */
  ORDER_HOLD_MINUTES: limitCount(60),
  /** How long a cash-on-delivery order waits for the shop's confirmation (by phone) before it expires. */
  COD_CONFIRM_HOURS: limitCount(24),
  /**
   * Whether a cash-on-delivery order is confirmed by a 6-digit code sent to its delivery phone (server/phone-codes/),
   * in place of the shop's call; an admin may still confirm by hand.
   */
  COD_VERIFY_PHONE: booleanFlag.default(false),
  /** Codes sent for one cash-on-delivery order in an hour; an address, three orders' worth (server/limits/rules.ts). */
  PHONE_CODE_LIMIT_PER_HOUR: limitCount(3),
  /** "Tell me when it is back" asked for one phone or e-mail address in an hour; an address (IP), three's worth. */
  WATCH_LIMIT_PER_HOUR: limitCount(10),
  /** How often each server copy looks for orders whose hold has run out. */
  ORDER_EXPIRY_INTERVAL_SECONDS: limitCount(30),
  /** How often each server copy looks for order e-mails due (server/jobs/mail-outbox.ts); a commit wakes it sooner. */
  MAIL_POLL_SECONDS: limitCount(5),
  /** Reviews one account may write in an hour; an address, three accounts' worth. */
  REVIEW_LIMIT_PER_HOUR: limitCount(5),
  /** Images one admin may upload in an hour; an address, three admins' worth. */
  UPLOAD_LIMIT_PER_HOUR: limitCount(120),
  /** Uploaded images go to this S3-compatible bucket instead of DATA_DIR/uploads (server/images/s3-image-store.ts). */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens",
    )
    .optional(),
  /** The S3 API's address (R2, MinIO); unset, AWS S3 in S3_REGION. */
  S3_ENDPOINT: webAddress.optional(),
  /** us-east-1 is what MinIO and R2 (its alias for `auto`) accept too, and AWS's own first region. */
  S3_REGION: z.string().min(1, "must not be empty").default("us-east-1"),
  /** Unset, the AWS SDK's own chain finds the keys (AWS_* variables, a profile, an instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Where browsers read the bucket's objects (a public bucket or a CDN before it); unset, the store streams them. */
  S3_PUBLIC_URL: webAddress.optional(),
  /** `bucket` in the path, not the host name: MinIO and most stand-ins need it. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Who the shop is, as its invoices say (server/shop-identity.ts): its name, postal address, trade licence and BIN. */
  SHOP_NAME: z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters").optional(),
  SHOP_ADDRESS: z.string().trim().min(1, "must not be empty").max(300, "must be at most 300 characters").optional(),
  SHOP_TRADE_LICENCE: z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters").optional(),
  /** The phone a courier or buyer calls the shop on, printed on packing slips; a live shop without one prints none. */
  SHOP_PHONE: z
    .string()
    .trim()
    .regex(/^\+?\d[\d -]{4,22}\d$/, "must be a phone number: digits, spaces and dashes, with a leading + if any")
    .optional(),
  /** The VAT Business Identification Number: 9 or 13 digits (dashes allowed). */
  SHOP_BIN: z.string().trim().refine(isBin, "must be a BIN of 9 or 13 digits").optional(),
  /**
   * The VAT rate in percent (0 to 100, at most two decimals) the shop's prices include; 0, the default, is a shop not
   * registered for VAT. With SHOP_BIN set too, invoices are Mushak-6.3 (docs/decisions/0037-mushak-6-3.md).
   */
  VAT_RATE: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, "must be a percent from 0 to 100 with at most two decimals")
    .transform(Number)
    .refine((v) => v <= 100, "must be a percent from 0 to 100 with at most two decimals")
    .default(0),
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
    const steadfast = [config.STEADFAST_API_KEY, config.STEADFAST_SECRET_KEY, config.STEADFAST_WEBHOOK_TOKEN];
    if (steadfast.some(Boolean) && !steadfast.every(Boolean)) {
      throw new ConfigError(
        "Configuration error: Steadfast needs STEADFAST_API_KEY, STEADFAST_SECRET_KEY and STEADFAST_WEBHOOK_TOKEN together.",
      );
    }
    const pathao = [
      config.PATHAO_CLIENT_ID,
      config.PATHAO_CLIENT_SECRET,
      config.PATHAO_USERNAME,
      config.PATHAO_PASSWORD,
      config.PATHAO_STORE_ID,
      config.PATHAO_WEBHOOK_SECRET,
    ];
    if (pathao.some((v) => v !== undefined) && !pathao.every((v) => v !== undefined && v !== "")) {
      throw new ConfigError(
        "Configuration error: Pathao needs PATHAO_CLIENT_ID, PATHAO_CLIENT_SECRET, PATHAO_USERNAME, PATHAO_PASSWORD, PATHAO_STORE_ID and PATHAO_WEBHOOK_SECRET together.",
      );
    }
    checkObjectStorage(config, present);
    checkSms(config);
    const mode = storeMode(config);
    if (mode.live && !isLoopback(config.HOST) && !config.BASE_URL) {
      throw new ConfigError(
        `Configuration error: BASE_URL must be set when HOST (${config.HOST}) is not a loopback address: the address customers use, such as https://randa.example.`,
      );
    }
    // A code nobody can receive would leave every cash-on-delivery order waiting until it expires.
    if (config.COD_VERIFY_PHONE && smsProviderOf(config) === null) {
      throw new ConfigError(
        "Configuration error: COD_VERIFY_PHONE=true needs an SMS provider to send the codes: set SSLWIRELESS_SMS_URL, SSLWIRELESS_SMS_API_TOKEN and SSLWIRELESS_SMS_SID.",
      );
    }
    if (mode.live && config.SSLCOMMERZ_STORE_ID && config.SSLCOMMERZ_SANDBOX === undefined) {
      throw new ConfigError(
        "Configuration error: SSLCOMMERZ_SANDBOX must be set in a live store: false for real payments, true for the gateway's sandbox.",
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
    "METRICS_TOKEN",
    "S3_SECRET_ACCESS_KEY",
    "STEADFAST_API_KEY",
    "STEADFAST_SECRET_KEY",
    "STEADFAST_WEBHOOK_TOKEN",
    "PATHAO_CLIENT_SECRET",
    "PATHAO_PASSWORD",
    "PATHAO_WEBHOOK_SECRET",
    "SSLWIRELESS_SMS_API_TOKEN",
  ];
  const shown = secret.includes(name) ? "" : ` (got "${present[name]}")`;
  throw new ConfigError(`Configuration error: ${name} ${issue.message}${shown}.`);
}

const S3_SETTINGS = [
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_PUBLIC_URL",
  "S3_FORCE_PATH_STYLE",
] as const;

/** The bucket's settings make sense only with a bucket, and its keys only as a pair. */
function checkObjectStorage(config: Config, present: Record<string, string | undefined>) {
  const stray = S3_SETTINGS.find((name) => present[name] !== undefined);
  if (!config.S3_BUCKET && stray) {
    throw new ConfigError(`Configuration error: ${stray} is set but S3_BUCKET is not; set the bucket or unset it.`);
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("Configuration error: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.");
  }
}

const SSLWIRELESS_SETTINGS = ["SSLWIRELESS_SMS_URL", "SSLWIRELESS_SMS_API_TOKEN", "SSLWIRELESS_SMS_SID"] as const;

/** SSL Wireless's three settings go together, and SMS_PROVIDER=sslwireless needs them. */
function checkSms(config: Config) {
  const set = SSLWIRELESS_SETTINGS.filter((name) => config[name] !== undefined);
  if ((set.length > 0 || config.SMS_PROVIDER === "sslwireless") && set.length < SSLWIRELESS_SETTINGS.length) {
    throw new ConfigError(
      "Configuration error: SSL Wireless needs SSLWIRELESS_SMS_URL, SSLWIRELESS_SMS_API_TOKEN and SSLWIRELESS_SMS_SID together.",
    );
  }
}

/**
 * Who sends text messages: the one named (`none`: nobody); else SSL Wireless when it is set up; else the kept
 * provider in the demo and nobody in a live store, which never prints its buyers' messages by default.
 */
export function smsProviderOf(config: Config): "sslwireless" | "kept" | null {
  if (config.SMS_PROVIDER) return config.SMS_PROVIDER === "none" ? null : config.SMS_PROVIDER;
  if (config.SSLWIRELESS_SMS_API_TOKEN) return "sslwireless";
  return storeMode(config).live ? null : "kept";
}

/** 127.0.0.0/8, ::1 or localhost: only this machine can reach a store listening there. */
export function isLoopback(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (name === "localhost" || name === "::1") return true;
  return isIP(name) === 4 && name.startsWith("127.");
}

/**
 * Demo or live. The demo is the embedded database with demo data on a loopback address: a laptop's store, where
 * test cards and the published demo admin are safe. Anything else may take real customers and is live.
 */
export interface StoreMode {
  live: boolean;
  /** Why the store is live (empty in the demo), in the words of its configuration. */
  reasons: string[];
}

export function storeMode(config: Config): StoreMode {
  const reasons: string[] = [];
  if (config.DATABASE_URL) reasons.push("DATABASE_URL names a PostgreSQL server");
  if (!isLoopback(config.HOST)) reasons.push(`HOST ${config.HOST} is not a loopback address`);
  if (config.BASE_URL && new URL(config.BASE_URL).protocol === "https:") reasons.push("BASE_URL is https");
  if (!config.DEMO_DATA) reasons.push("DEMO_DATA is false");
  return { live: reasons.length > 0, reasons };
}

/**
 * The card provider in use: the one named; else Stripe when its secret key is set; else the test-card processor
 * in the demo and none in a live store (test cards there only when PAYMENT_PROVIDER=test says so).
 */
export function paymentProviderOf(config: Config): "test" | "stripe" | null {
  if (config.PAYMENT_PROVIDER) return config.PAYMENT_PROVIDER;
  if (config.STRIPE_SECRET_KEY) return "stripe";
  return storeMode(config).live ? null : "test";
}

/** The gateway's sandbox unless a live store said otherwise (loadConfig makes a live store say it). */
export function sslcommerzSandbox(config: Config): boolean {
  return config.SSLCOMMERZ_SANDBOX ?? true;
}
