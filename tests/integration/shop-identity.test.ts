import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@server/config";
import { shopIdentity } from "@server/shop-identity";

// Who the shop is on its invoices: the demo may fill in its demo details; a live shop prints only what it set.

describe("the shop's identity on invoices", () => {
  it("the demo fills what is unset with its demo details", () => {
    const shop = shopIdentity(loadConfig({}));
    expect(shop.name).toBe("Randa Tools (demo)");
    expect(shop.address).toContain("Dhaka");
    expect(shop.tradeLicence).toMatch(/^DEMO/);
    expect(shop.bin).not.toBeNull();
    expect(shop.phone).toMatch(/^\+880/);
  });

  it("a live shop never prints a made-up licence, BIN or address", () => {
    const shop = shopIdentity(loadConfig({ DATABASE_URL: "postgres://shop@db.example/randa" }));
    expect(shop).toEqual({ name: "Randa", address: null, tradeLicence: null, bin: null, phone: null });
  });

  it("a live shop prints what it configured", () => {
    const config = loadConfig({
      DEMO_DATA: "false",
      SHOP_NAME: "Randa Hand Tools Ltd.",
      SHOP_ADDRESS: "12 Nawabpur Road, Dhaka 1100",
      SHOP_TRADE_LICENCE: "TRAD/DSCC/004521/2026",
      SHOP_BIN: "000123456-0101",
      SHOP_PHONE: "+880 1711-223344",
    });
    expect(shopIdentity(config)).toEqual({
      name: "Randa Hand Tools Ltd.",
      address: "12 Nawabpur Road, Dhaka 1100",
      tradeLicence: "TRAD/DSCC/004521/2026",
      bin: "000123456-0101",
      phone: "+880 1711-223344",
    });
  });

  it("refuses a BIN that is not 9 or 13 digits, saying so", () => {
    expect(() => loadConfig({ SHOP_BIN: "12345" })).toThrow(ConfigError);
    expect(() => loadConfig({ SHOP_BIN: "12345" })).toThrow(
      'Configuration error: SHOP_BIN must be a BIN of 9 or 13 digits (got "12345").',
    );
    expect(loadConfig({ SHOP_BIN: "123456789" }).SHOP_BIN).toBe("123456789");
  });

  it("refuses a SHOP_PHONE that is not a phone number, saying so", () => {
    expect(() => loadConfig({ SHOP_PHONE: "call us" })).toThrow(
      'Configuration error: SHOP_PHONE must be a phone number: digits, spaces and dashes, with a leading + if any (got "call us").',
    );
    expect(loadConfig({ SHOP_PHONE: "01711-223344" }).SHOP_PHONE).toBe("01711-223344");
  });
});
