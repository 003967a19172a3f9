// A small OpenID Connect provider that stands in for Google in tests.
//
// Built on oidc-provider with its development login/consent pages ("devInteractions"):
//   - the login page has a text field named `login` (any value is accepted and becomes the account id)
//     and a password field named `password` (any value), submitted with the "Sign-in" button;
//   - the consent page never appears for the configured client: `loadExistingGrant` grants
//     `openid email profile` automatically once the user has logged in.
// Everything (accounts, sessions, codes, tokens) is kept in memory and lost on close().
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import type { Account, Configuration, KoaContextWithOIDC } from "oidc-provider";

export interface OidcStandInOptions {
  /** Port on 127.0.0.1 to listen on; 0 picks a free port (the returned issuer carries the real one). */
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcStandIn {
  /** `http://127.0.0.1:<port>`; discovery is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  close(): Promise<void>;
}

const SCOPES = ["openid", "email", "profile"] as const;

/** The claims a login name stands for: `karim` → karim@example.test, "Karim Test". */
export function standInClaimsFor(login: string) {
  const email = login.includes("@") ? login : `${login}@example.test`;
  const localPart = email.slice(0, email.lastIndexOf("@")) || login;
  const givenName = localPart.charAt(0).toUpperCase() + localPart.slice(1);
  return {
    email,
    email_verified: true,
    name: `${givenName} Test`,
    given_name: givenName,
    family_name: "Test",
  };
}

/**
 * oidc-provider prints "oidc-provider WARNING/NOTICE" lines to the console when it is imported on a Node.js
 * release it does not list as supported (it asks for 22 LTS or later; it works on Node 20.19+), and when
 * it is constructed with its development-only pieces (keys, in-memory storage, devInteractions) — all of
 * which are exactly what a test stand-in wants. Drop only those lines, only while `action` runs.
 */
async function withoutOidcProviderNotices<T>(action: () => Promise<T> | T): Promise<T> {
  if (process.env.OIDC_STAND_IN_VERBOSE) return action();
  const { warn, info } = console;
  const isNotice = (args: unknown[]) => typeof args[0] === "string" && args[0].includes("oidc-provider ");
  console.warn = (...args: unknown[]) => (isNotice(args) ? undefined : warn.apply(console, args));
  console.info = (...args: unknown[]) => (isNotice(args) ? undefined : info.apply(console, args));
  try {
    return await action();
  } finally {
    console.warn = warn;
    console.info = info;
  }
}

export async function startOidcStandIn(options: OidcStandInOptions): Promise<OidcStandIn> {
  const { clientId, clientSecret, redirectUris } = options;

  // Bind first so that a port of 0 resolves to the real port before the issuer is fixed.
  const app: { handler?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server = createServer((req, res) => {
    if (app.handler) {
      app.handler(req, res);
    } else {
      res.statusCode = 503;
      res.end("OIDC stand-in is starting");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const accounts = new Map<string, Account>();
  const findAccount = (_ctx: KoaContextWithOIDC, login: string): Account => {
    let account = accounts.get(login);
    if (!account) {
      const claims = standInClaimsFor(login);
      account = { accountId: login, claims: () => ({ sub: login, ...claims }) };
      accounts.set(login, account);
    }
    return account;
  };

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        // oidc-provider 9 accepts client_secret_post too for a client registered with client_secret_basic
        // (both are "client secret" methods); see lib/shared/client_auth.js.
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    scopes: [...SCOPES],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    // Put the scope's claims (email, name, ...) into the ID token too, as Google does, not only into userinfo.
    conformIdTokenClaims: false,
    // PKCE (S256) is accepted but not required from a confidential client (that is the default in v9).
    pkce: { required: () => false },
    features: {
      devInteractions: { enabled: true },
      userinfo: { enabled: true },
      revocation: { enabled: true },
    },
    findAccount,
    // Skip the consent page: a logged-in user has always granted openid email profile to the test client.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES.join(" "));
      await grant.save();
      return grant;
    },
    // Own cookie names, so they cannot collide with the app's when both run on 127.0.0.1 (cookies ignore ports).
    cookies: {
      names: {
        session: "oidc_stand_in_session",
        interaction: "oidc_stand_in_interaction",
        resume: "oidc_stand_in_resume",
      },
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 24 * 3600,
      Grant: 24 * 3600,
    },
    clientBasedCORS: () => true,
    renderError(ctx, out) {
      ctx.type = "html";
      const escape = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      ctx.body = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>OIDC stand-in error</title></head><body><h1>OIDC stand-in error</h1><pre>${Object.entries(
        out,
      )
        .map(([key, value]) => `${escape(key)}: ${escape(value)}`)
        .join("\n")}</pre></body></html>`;
    },
  };

  let provider;
  try {
    provider = await withoutOidcProviderNotices(async () => {
      const { default: Provider } = await import("oidc-provider");
      return new Provider(issuer, configuration);
    });
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }

  // Google understands prompt=select_account, oidc-provider rejects it ("unsupported prompt value requested");
  // show the login page instead, which is this stand-in's account chooser.
  provider.use(async (ctx, next) => {
    if (ctx.method === "GET" && ctx.path === "/auth") {
      const params = new URLSearchParams(ctx.querystring);
      const prompt = params.get("prompt")?.split(" ");
      if (prompt?.includes("select_account")) {
        params.set("prompt", [...new Set(prompt.map((p) => (p === "select_account" ? "login" : p)))].join(" "));
        ctx.querystring = params.toString();
      }
    }
    await next();
  });

  // The dev pages pull a web font from fonts.googleapis.com; tests must not reach out of the machine.
  provider.use(async (ctx, next) => {
    await next();
    if (typeof ctx.body === "string" && ctx.response.is("html")) {
      ctx.body = ctx.body.replace(/@import url\(https?:\/\/[^)]*\);?/g, "");
    }
  });

  app.handler = provider.callback();

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
