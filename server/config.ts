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
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Reads the environment once at start-up. Empty variables count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ConfigSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0]);
  const shown = name === "DATABASE_URL" ? "" : ` (got "${present[name]}")`;
  throw new ConfigError(`Configuration error: ${name} ${issue.message}${shown}.`);
}
