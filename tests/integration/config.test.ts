import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@server/config";

describe("configuration", () => {
  it("has defaults that run the embedded store", () => {
    expect(loadConfig({})).toEqual({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: "./data", DEMO_DATA: true });
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
  ])("stops on %o with one line saying which and why", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
