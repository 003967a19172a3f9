import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, smsProviderOf } from "@server/config";
import { createSms } from "@server/sms";

// SMS_PROVIDER and SSL Wireless's three settings (docs/configuration.md#text-messages): set together or refused at
// start-up; a live store gets no provider it was not given.

const SSL = {
  SSLWIRELESS_SMS_URL: "https://smsplus.sslwireless.com/",
  SSLWIRELESS_SMS_API_TOKEN: "a-token-from-the-panel",
  SSLWIRELESS_SMS_SID: "RANDABRAND",
};
const LIVE = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/randa" };

describe("text message settings", () => {
  it.each([
    [{ SSLWIRELESS_SMS_URL: SSL.SSLWIRELESS_SMS_URL }],
    [{ SSLWIRELESS_SMS_API_TOKEN: SSL.SSLWIRELESS_SMS_API_TOKEN, SSLWIRELESS_SMS_SID: SSL.SSLWIRELESS_SMS_SID }],
    [{ SMS_PROVIDER: "sslwireless" }],
    [{ SMS_PROVIDER: "sslwireless", SSLWIRELESS_SMS_URL: SSL.SSLWIRELESS_SMS_URL }],
  ])("refuses SSL Wireless without all three settings: %j", (env) => {
    expect(() => loadConfig(env)).toThrow(
      new ConfigError(
        "Configuration error: SSL Wireless needs SSLWIRELESS_SMS_URL, SSLWIRELESS_SMS_API_TOKEN and SSLWIRELESS_SMS_SID together.",
      ),
    );
  });

  it.each([
    [{ SMS_PROVIDER: "twilio" }, 'Configuration error: SMS_PROVIDER must be sslwireless, kept or none (got "twilio").'],
    [
      { ...SSL, SSLWIRELESS_SMS_URL: "smsplus.sslwireless.com" },
      'Configuration error: SSLWIRELESS_SMS_URL must be an http:// or https:// URL (got "smsplus.sslwireless.com").',
    ],
    [
      { ...SSL, SSLWIRELESS_SMS_API_TOKEN: "short" },
      "Configuration error: SSLWIRELESS_SMS_API_TOKEN must be at least 8 characters.",
    ],
    [
      { ...SSL, SSLWIRELESS_SMS_SID: "RANDA BRAND" },
      'Configuration error: SSLWIRELESS_SMS_SID must be the account\'s SID: letters, digits, dots, dashes or underscores (got "RANDA BRAND").',
    ],
  ])("refuses %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it("never shows the token it refuses", () => {
    expect(() => loadConfig({ ...SSL, SSLWIRELESS_SMS_API_TOKEN: "secret" })).toThrow(/^(?!.*secret).*$/);
  });

  it("takes SSL Wireless from its settings, its base without a trailing slash", () => {
    const config = loadConfig({ ...LIVE, ...SSL });
    expect(config.SSLWIRELESS_SMS_URL).toBe("https://smsplus.sslwireless.com");
    expect(smsProviderOf(config)).toBe("sslwireless");
    expect(createSms(config)?.name).toBe("sslwireless");
  });

  it("keeps messages in the demo, sends none in a live store unless told", () => {
    expect(smsProviderOf(loadConfig({}))).toBe("kept");
    expect(createSms(loadConfig({}))?.name).toBe("kept");
    expect(smsProviderOf(loadConfig(LIVE))).toBeNull();
    expect(createSms(loadConfig(LIVE))).toBeNull();
    expect(smsProviderOf(loadConfig({ ...LIVE, SMS_PROVIDER: "kept" }))).toBe("kept");
    expect(smsProviderOf(loadConfig({ SMS_PROVIDER: "none" }))).toBeNull();
    expect(smsProviderOf(loadConfig({ ...SSL, SMS_PROVIDER: "none" }))).toBeNull();
  });

  it("refuses phone codes for cash on delivery with nobody to send them", () => {
    const refusal = /COD_VERIFY_PHONE=true needs an SMS provider/;
    expect(() => loadConfig({ ...LIVE, COD_VERIFY_PHONE: "true" })).toThrow(refusal);
    expect(() => loadConfig({ COD_VERIFY_PHONE: "true", SMS_PROVIDER: "none" })).toThrow(refusal);
    expect(loadConfig({ ...LIVE, ...SSL, COD_VERIFY_PHONE: "true" }).COD_VERIFY_PHONE).toBe(true);
    expect(loadConfig({ COD_VERIFY_PHONE: "true" }).COD_VERIFY_PHONE).toBe(true);
  });
});
