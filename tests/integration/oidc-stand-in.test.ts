import { createHash, randomBytes } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startOidcStandIn, type OidcStandIn } from "../support/oidc-stand-in";

const clientId = "randa-test";
const clientSecret = "randa-test-secret";
const redirectUri = "http://127.0.0.1:5999/api/auth/oauth2/callback/google";

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint: string;
  [key: string]: unknown;
}

/** Just enough of a browser cookie jar for one origin (the provider scopes cookies by path; we do not). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expires = attributes.find((a) => a.trim().toLowerCase().startsWith("expires="));
      const expired = expires !== undefined && Date.parse(expires.trim().slice("expires=".length)) <= Date.now();
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

function base64url(buffer: Buffer): string {
  return buffer.toString("base64url");
}

function decodeJwtPart(jwt: string, index: 0 | 1): Record<string, unknown> {
  const part = jwt.split(".")[index];
  if (!part) throw new Error(`not a JWT: ${jwt}`);
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no form on page:\n${html}`);
  return match[1].replace(/&#x2F;|&#47;/g, "/").replace(/&amp;/g, "&");
}

describe("OIDC stand-in", () => {
  let standIn: OidcStandIn;
  let discovery: Discovery;

  beforeAll(async () => {
    standIn = await startOidcStandIn({ port: 0, clientId, clientSecret, redirectUris: [redirectUri] });
    const res = await fetch(`${standIn.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    discovery = (await res.json()) as Discovery;
  });

  afterAll(async () => {
    await standIn?.close();
  });

  /**
   * Acts as the browser: authorization request, the dev login page, and (if it ever appeared) the consent page,
   * following redirects by hand until the provider sends the browser back to the redirect URI.
   */
  async function signIn(login: string, { pkce = true, extra = {} as Record<string, string> } = {}) {
    const jar = new CookieJar();
    const state = base64url(randomBytes(16));
    const nonce = base64url(randomBytes(16));
    const codeVerifier = base64url(randomBytes(32));
    const codeChallenge = base64url(createHash("sha256").update(codeVerifier).digest());

    const authorize = new URL(discovery.authorization_endpoint);
    authorize.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "openid email profile",
      state,
      nonce,
      ...(pkce ? { code_challenge: codeChallenge, code_challenge_method: "S256" } : {}),
      ...extra,
    }).toString();

    const pagesShown: string[] = [];
    let request: { url: string; init?: RequestInit } = { url: authorize.href };
    for (let hop = 0; hop < 10; hop++) {
      const res = await fetch(request.url, {
        ...request.init,
        redirect: "manual",
        headers: { ...(request.init?.headers as Record<string, string>), cookie: jar.header() },
      });
      jar.store(res);

      if (res.status >= 300 && res.status < 400) {
        const location = new URL(res.headers.get("location") ?? "", request.url);
        if (location.href.startsWith(redirectUri)) {
          return { callback: location, state, nonce, codeVerifier, pagesShown };
        }
        request = { url: location.href };
        continue;
      }

      const html = await res.text();
      expect(res.status, html).toBe(200);
      const action = new URL(formAction(html), request.url).href;
      if (html.includes('name="login"')) {
        pagesShown.push("login");
        expect(html).toContain('name="password"');
        expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Sign-in<\/button>/);
        expect(html).not.toContain("fonts.googleapis.com");
        request = {
          url: action,
          init: {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ prompt: "login", login, password: "anything" }).toString(),
          },
        };
      } else {
        pagesShown.push("consent");
        expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Continue<\/button>/);
        request = {
          url: action,
          init: {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ prompt: "consent" }).toString(),
          },
        };
      }
    }
    throw new Error("the provider never redirected back to the client");
  }

  function tokenRequest(params: Record<string, string>, auth: "client_secret_basic" | "client_secret_post") {
    const body = new URLSearchParams({ grant_type: "authorization_code", redirect_uri: redirectUri, ...params });
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (auth === "client_secret_basic") {
      const credentials = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
    } else {
      body.set("client_id", clientId);
      body.set("client_secret", clientSecret);
    }
    return fetch(discovery.token_endpoint, { method: "POST", headers, body: body.toString() });
  }

  it("publishes OpenID discovery metadata for its own issuer", () => {
    expect(standIn.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(standIn.issuer).not.toBe("http://127.0.0.1:0");
    expect(discovery.issuer).toBe(standIn.issuer);
    for (const endpoint of ["authorization_endpoint", "token_endpoint", "jwks_uri", "userinfo_endpoint"] as const) {
      expect(discovery[endpoint]).toMatch(new RegExp(`^${standIn.issuer}/`));
    }
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(discovery.code_challenge_methods_supported).toContain("S256");
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(["client_secret_basic", "client_secret_post"]),
    );
  });

  it("walks the authorization code flow with PKCE and client_secret_basic", async () => {
    const { callback, state, nonce, codeVerifier, pagesShown } = await signIn("karim");
    expect(pagesShown).toEqual(["login"]); // no consent page
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("iss")).toBe(standIn.issuer);
    const code = callback.searchParams.get("code");
    expect(code).toBeTruthy();

    const tokenRes = await tokenRequest({ code: code!, code_verifier: codeVerifier }, "client_secret_basic");
    const tokens = (await tokenRes.json()) as Record<string, unknown>;
    expect(tokenRes.status, JSON.stringify(tokens)).toBe(200);
    expect(tokens.token_type).toBe("Bearer");
    expect(typeof tokens.access_token).toBe("string");

    const idToken = tokens.id_token as string;
    const header = decodeJwtPart(idToken, 0);
    const claims = decodeJwtPart(idToken, 1);
    expect(claims).toMatchObject({
      iss: standIn.issuer,
      aud: clientId,
      sub: "karim",
      nonce,
      email: "karim@example.test",
      email_verified: true,
      name: "Karim Test",
      given_name: "Karim",
    });

    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: { kid?: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toContain(header.kid);

    const userinfoRes = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token as string}` },
    });
    const userinfo = (await userinfoRes.json()) as Record<string, unknown>;
    expect(userinfoRes.status, JSON.stringify(userinfo)).toBe(200);
    expect(userinfo).toMatchObject({ sub: "karim", email: "karim@example.test", email_verified: true });
  });

  it("accepts client_secret_post, uses an email-shaped login as the email, and works without PKCE", async () => {
    const { callback } = await signIn("amira@randa.test", { pkce: false });
    const tokenRes = await tokenRequest({ code: callback.searchParams.get("code")! }, "client_secret_post");
    const tokens = (await tokenRes.json()) as Record<string, unknown>;
    expect(tokenRes.status, JSON.stringify(tokens)).toBe(200);
    expect(decodeJwtPart(tokens.id_token as string, 1)).toMatchObject({
      sub: "amira@randa.test",
      email: "amira@randa.test",
      name: "Amira Test",
    });
  });

  it("shows the login page for Google's prompt=select_account, and consent only when prompt=consent asks", async () => {
    const chooser = await signIn("karim", { extra: { prompt: "select_account" } });
    expect(chooser.pagesShown).toEqual(["login"]);
    expect(chooser.callback.searchParams.get("code")).toBeTruthy();

    const consent = await signIn("karim", { extra: { prompt: "consent" } });
    expect(consent.pagesShown).toEqual(["login", "consent"]);
    const tokenRes = await tokenRequest(
      { code: consent.callback.searchParams.get("code")!, code_verifier: consent.codeVerifier },
      "client_secret_basic",
    );
    expect(tokenRes.status).toBe(200);
  });

  it("checks the PKCE verifier and the client secret", async () => {
    const first = await signIn("karim");
    const wrongVerifier = await tokenRequest(
      { code: first.callback.searchParams.get("code")!, code_verifier: base64url(randomBytes(32)) },
      "client_secret_basic",
    );
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: "invalid_grant" });

    const second = await signIn("karim");
    const body = new URLSearchParams({
      grant_type: "authorization_code",
      redirect_uri: redirectUri,
      code: second.callback.searchParams.get("code")!,
      code_verifier: second.codeVerifier,
      client_id: clientId,
      client_secret: "wrong",
    });
    const wrongSecret = await fetch(discovery.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: "invalid_client" });
  });
});
