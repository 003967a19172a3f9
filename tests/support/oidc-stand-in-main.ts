// Starts the OIDC stand-in from the environment, e.g. as a Playwright webServer:
//   OIDC_PORT=4010 OIDC_CLIENT_ID=randa OIDC_CLIENT_SECRET=secret \
//   OIDC_REDIRECT_URI=http://127.0.0.1:3000/api/auth/callback/google npx tsx tests/support/oidc-stand-in-main.ts
import { startOidcStandIn } from "./oidc-stand-in";

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) {
    console.error(`oidc-stand-in: ${name} must be set`);
    process.exit(2);
  }
  return value;
}

const port = Number(process.env.OIDC_PORT ?? "0");
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`oidc-stand-in: OIDC_PORT must be a port number, got ${JSON.stringify(process.env.OIDC_PORT)}`);
  process.exit(2);
}

const standIn = await startOidcStandIn({
  port,
  clientId: required("OIDC_CLIENT_ID"),
  clientSecret: required("OIDC_CLIENT_SECRET"),
  redirectUris: required("OIDC_REDIRECT_URI")
    .split(",")
    .map((uri) => uri.trim())
    .filter(Boolean),
});
console.log(`OIDC stand-in listening at ${standIn.issuer}`);

let closing = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (closing) return;
  closing = true;
  standIn.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`oidc-stand-in: failed to close on ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
