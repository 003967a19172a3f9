import { watchSessions, type KeptSessions } from "./auth/kept-sessions";
import { createLogger, type Logger } from "./log/logger";
import { setProcessLog } from "./log/request-context";
import path from "node:path";
import { createAuth, type Auth } from "./auth/auth";
import { resolveAuthSecret } from "./auth/secret";
import { watchCatalog, watchZones, type ChangeVersion } from "./cache/change-version";
import { storeMode, type Config } from "./config";
import type { Database, Db } from "./db/client";
import { createDiskImageStore, type ImageStore } from "./images/image-store";
import { storeMetrics } from "./metrics/store-metrics";
import { createS3ImageStore, s3Settings } from "./images/s3-image-store";
import { limitRules, type LimitRules } from "./limits/rules";
import { createMailer, type Mailer } from "./mail";
import { createGateway, createPaymentProvider } from "./payments";
import type { CardPaymentProvider, PaymentProvider } from "./payments";
import { mushakRateOf, shopIdentity, type ShopIdentity } from "./shop-identity";
import { createCouriers, type Couriers } from "./couriers";
import { createSms, type SmsProvider } from "./sms";
import { sendCodeInTransaction, type PhoneCodeSender } from "./phone-codes";

/** Everything a request may need, made once at start-up (or per test file) and passed down. */
export interface Services {
  database: Database;
  /** JSON lines (server/log/): one per request, errors with their stacks. */
  log: Logger;
  db: Db;
  /** Moves on every committed change to products or reviews, from any server process (server/cache/). */
  catalogVersion: ChangeVersion;
  /** Moves on every committed change to the delivery zones, from any server process (server/delivery/zones.ts). */
  zonesVersion: ChangeVersion;
  /** Sessions this process has read, forgotten on any change to a session or account (server/auth/kept-sessions.ts). */
  sessions: KeptSessions;
  auth: Auth;
  mailer: Mailer;
  /** The card provider of the Pay Order page: the test processor or Stripe; null when cards are not taken. */
  payments: CardPaymentProvider | null;
  /** A hosted gateway offered beside it (SSLCommerz), when configured. */
  gateway: PaymentProvider | null;
  /** The couriers the shop books parcels with (STEADFAST_*, PATHAO_*); none: shipping is marked by hand. */
  couriers: Couriers;
  /** Who sends the buyers' text messages (SMS_PROVIDER, SSLWIRELESS_SMS_*); null: none are sent (server/sms/). */
  sms: SmsProvider | null;
  /** DATA_DIR/uploads, or the S3-compatible bucket S3_BUCKET names. */
  images: ImageStore;
  /** Origins pages load images from besides the store itself (S3_PUBLIC_URL's), for the CSP's img-src. */
  imageOrigins: string[];
  /** How often an account or an address may place orders, write reviews and upload images (server/limits/). */
  limits: LimitRules;
  /** How many open orders one buyer may hold at once (MAX_OPEN_ORDERS). */
  maxOpenOrders: number;
  /** How long an unpaid online order holds its stock (ORDER_HOLD_MINUTES). */
  holdMinutes: number;
  /** How long a cash-on-delivery order waits for the shop's confirmation (COD_CONFIRM_HOURS). */
  codConfirmHours: number;
  /**
   * Sends a code to a cash-on-delivery order's phone as it starts waiting for confirmation (COD_VERIFY_PHONE); null:
   * the shop calls the buyer instead, and the phone-code calls answer 404.
   */
  phoneCodes: PhoneCodeSender | null;
  /** How many days a cart nobody touched is kept (CART_DAYS). */
  cartDays: number;
  /** Whether the store is reached over HTTPS (BASE_URL): its own cookies are then `Secure`. */
  secureCookies: boolean;
  /** The time now, for the rate limits' windows and the test card's expiry; tests set a clock. */
  now?: () => Date;
  /** DATA_DIR, resolved: uploaded images are served from its uploads/ folder unless a bucket keeps them. */
  dataDir: string;
  baseURL: string;
  /** How many proxies stand in front (TRUST_PROXY): whose X-Forwarded-* headers are believed (server/http/client-ip.ts). */
  trustProxy: number;
  /** Origins whose pages may send cookie-authenticated writes (the CSRF check). */
  trustedOrigins: string[];
  /** METRICS_TOKEN: the bearer token GET /metrics asks for (server/http/metrics-route.ts). */
  metricsToken: string | undefined;
  googleEnabled: boolean;
  /** Who the shop is, as its invoices say (SHOP_NAME, SHOP_ADDRESS, SHOP_TRADE_LICENCE, SHOP_BIN). */
  shop: ShopIdentity;
  /** The VAT rate (basis points) invoices are issued a Mushak-6.3 at; null when not VAT-registered (VAT_RATE). */
  mushakRate: number | null;
  /** Where sign-in forms may send the browser (Google's authorization page). */
  signInProviderOrigins: string[];
}

export function storeBaseURL(config: Config): string {
  if (config.BASE_URL) return config.BASE_URL.replace(/\/$/, "");
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/** `log`: the process's logger; by default JSON lines at LOG_LEVEL (`npm run dev` passes a readable one). */
export function createServices(
  database: Database,
  config: Config,
  log: Logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT ?? "json" }),
): Services {
  setProcessLog(log);
  storeMetrics.watchPool(() => database.poolStats());
  const baseURL = storeBaseURL(config);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.resolve(config.DATA_DIR, "outbox"),
    live: storeMode(config).live,
  });
  const trustedOrigins = [
    ...new Set([new URL(baseURL).origin, `http://127.0.0.1:${config.PORT}`, `http://localhost:${config.PORT}`]),
  ];
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET, issuer: config.GOOGLE_ISSUER }
      : undefined;
  const sessions = watchSessions(database);
  const auth = createAuth({
    sessions,
    db: database.db,
    baseURL,
    secret: resolveAuthSecret(config),
    trustedOrigins,
    mailer,
    signInLimitPerMinute: config.SIGN_IN_LIMIT_PER_MINUTE,
    google,
  });
  const bucket = s3Settings(config);
  return {
    database,
    db: database.db,
    log,
    catalogVersion: watchCatalog(database),
    zonesVersion: watchZones(database),
    sessions,
    auth,
    mailer,
    payments: createPaymentProvider(config, database.db),
    gateway: createGateway(config, database.db, baseURL),
    couriers: createCouriers(config),
    sms: createSms(config),
    images: bucket ? createS3ImageStore(bucket) : createDiskImageStore(path.resolve(config.DATA_DIR, "uploads")),
    imageOrigins: bucket?.publicUrl ? [new URL(bucket.publicUrl).origin] : [],
    limits: limitRules(config),
    maxOpenOrders: config.MAX_OPEN_ORDERS,
    holdMinutes: config.ORDER_HOLD_MINUTES,
    codConfirmHours: config.COD_CONFIRM_HOURS,
    phoneCodes: config.COD_VERIFY_PHONE ? sendCodeInTransaction : null,
    cartDays: config.CART_DAYS,
    secureCookies: new URL(baseURL).protocol === "https:",
    dataDir: path.resolve(config.DATA_DIR),
    baseURL,
    trustProxy: config.TRUST_PROXY,
    trustedOrigins,
    metricsToken: config.METRICS_TOKEN,
    googleEnabled: Boolean(google),
    shop: shopIdentity(config),
    mushakRate: mushakRateOf(config),
    signInProviderOrigins: google ? [new URL(google.issuer).origin] : [],
  };
}
