import { rateToBasisPoints } from "@shared/mushak";
import { storeMode, type Config } from "./config";

/** Who the shop is, as its invoices say. Fields a live shop did not configure are left off the invoice. */
export interface ShopIdentity {
  name: string;
  address: string | null;
  tradeLicence: string | null;
  bin: string | null;
  /** SHOP_PHONE: printed on packing slips. */
  phone: string | null;
}

/** The demo's own details, shown only in the demo (spec §2: the branding is a demo branding). */
const DEMO_SHOP: ShopIdentity = {
  name: "Randa Tools (demo)",
  address: "House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh",
  tradeLicence: "DEMO-TRAD-0000",
  bin: "000000000-0000",
  phone: "+880 1700-000000",
};

/**
 * SHOP_NAME, SHOP_ADDRESS, SHOP_TRADE_LICENCE, SHOP_BIN and SHOP_PHONE. The demo fills what is unset with its demo details; a
 * live shop never prints a made-up licence or BIN on a customer's invoice, so what it did not set stays off.
 */
export function shopIdentity(config: Config): ShopIdentity {
  const fallback = storeMode(config).live ? null : DEMO_SHOP;
  return {
    name: config.SHOP_NAME ?? fallback?.name ?? "Randa",
    address: config.SHOP_ADDRESS ?? fallback?.address ?? null,
    tradeLicence: config.SHOP_TRADE_LICENCE ?? fallback?.tradeLicence ?? null,
    bin: config.SHOP_BIN ?? fallback?.bin ?? null,
    phone: config.SHOP_PHONE ?? fallback?.phone ?? null,
  };
}

/**
 * The VAT rate, in basis points, a VAT-registered shop (SHOP_BIN set and VAT_RATE above 0) issues its Mushak-6.3
 * invoices at; null otherwise. The demo's made-up BIN registers nothing: a shop is registered by its own BIN.
 */
export function mushakRateOf(config: Config): number | null {
  return config.SHOP_BIN && config.VAT_RATE > 0 ? rateToBasisPoints(config.VAT_RATE) : null;
}
