// npm run admin -- <command> <email>: the operator's commands on the store's accounts, from the shell; and
// npm run admin -- outbox: the e-mails a store without SMTP kept.
// The store's modules are imported only once the arguments are understood: loading them takes seconds, and a usage
// message should not wait for them.
import path from "node:path";
import type { Db } from "../server/db/client";

const USAGE = `Usage: npm run admin -- <command> <email>

Commands:
  promote <email>   make an existing account an admin
  demote <email>    remove an admin's role (never the last admin's); the account stays, as a customer
  password <email>  set a new password and end all of the account's sessions; the password is read from
                    standard input (asked for without echo on a terminal, or the first line when piped)
  outbox [--page <n>] [--limit <n>]
                    the e-mails a store without SMTP_URL kept in DATA_DIR/outbox, newest first (10 a page)`;

/** Each command: what it asks first (before the database is opened), then what it does. */
const COMMANDS: Record<string, (email: string) => Promise<(db: Db) => Promise<string>>> = {
  promote: async (email) => {
    const { setAdminRole } = await import("../server/accounts");
    return async (db) => {
      const { promoted } = await setAdminRole(db, email);
      return promoted ? `${email} is now an admin.` : `${email} was already an admin.`;
    };
  },
  demote: async (email) => {
    const { demoteAdmin } = await import("../server/accounts");
    return async (db) => {
      await demoteAdmin(db, email, null);
      return `${email} is no longer an admin.`;
    };
  },
  password: async (email) => {
    const { assertPasswordLength, setPassword } = await import("../server/auth/set-password");
    const password = await readNewPassword();
    assertPasswordLength(password);
    return async (db) => {
      await setPassword(db, email, password);
      return `The password of ${email} is set, and its sessions are ended.`;
    };
  },
};

/** On a terminal: asked twice, without echo. Piped: the first line of standard input. */
async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLine();
  const password = await askHidden("New password: ");
  const again = await askHidden("Repeat it: ");
  if (password !== again) throw new CommandError("The two passwords differ; nothing was changed.");
  return password;
}

async function firstLine(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/)[0] ?? "";
}

function askHidden(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  // Echo is off before the prompt shows, so nothing typed after it appears on the screen.
  stdin.setRawMode(true);
  stderr.write(prompt);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = "";
    const done = (finish: () => void) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
      finish();
    };
    const onData = (keys: string) => {
      for (const ch of keys) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return done(() => resolve(typed));
        if (ch === "\u0003") return done(() => reject(new CommandError("Cancelled; nothing was changed.")));
        if (ch === "\u007f" || ch === "\b") typed = [...typed].slice(0, -1).join("");
        else if (ch >= " ") typed += ch;
      }
    };
    stdin.on("data", onData);
  });
}

class CommandError extends Error {}

/** `outbox [--page n] [--limit n]`: the page and its size, or null when the arguments are not those. */
function outboxArgs(args: string[]): { page: number; limit: number } | null {
  const chosen = { page: 1, limit: 10 };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1] ?? ""];
    if ((flag !== "--page" && flag !== "--limit") || !/^[1-9]\d{0,5}$/.test(value)) return null;
    chosen[flag === "--page" ? "page" : "limit"] = Number(value);
  }
  return chosen.limit <= 100 ? chosen : null;
}

const [command, email, ...rest] = process.argv.slice(2);
if (command === "outbox") {
  // Files only: no database is opened, so it reads a running store's outbox too.
  const chosen = outboxArgs(process.argv.slice(3));
  if (!chosen) {
    console.error(USAGE);
    process.exit(2);
  }
  const { ConfigError, loadConfig } = await import("../server/config");
  const { formatKeptMail, keptMail } = await import("../server/mail/kept-mail");
  try {
    const outboxDir = path.resolve(loadConfig().DATA_DIR, "outbox");
    console.log(formatKeptMail(keptMail(outboxDir, chosen.page, chosen.limit), outboxDir));
    process.exit(0);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
if (!command || !Object.hasOwn(COMMANDS, command) || !email || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}

const [{ ConfigError, loadConfig }, { openDatabase }, { DataDirInUse }, { AppError }] = await Promise.all([
  import("../server/config"),
  import("../server/db/client"),
  import("../server/db/data-dir-lock"),
  import("../server/errors"),
]);
try {
  const run = await COMMANDS[command]!(email);
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  try {
    console.log(await run(database.db));
  } finally {
    await database.close();
  }
} catch (err) {
  if (
    err instanceof ConfigError ||
    err instanceof AppError ||
    err instanceof CommandError ||
    err instanceof DataDirInUse
  ) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
