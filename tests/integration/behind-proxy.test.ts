import { execFileSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRICT_TRANSPORT_SECURITY } from "@server/http/security-headers";
import { freePort } from "../support/free-port";
import { NGINX, runNginx, stopNginx } from "../support/nginx";
import { usePageApp } from "../support/page-app";
import { TEST_ORIGIN, useTestApp } from "../support/test-app";

// The store behind a real nginx (Debian's package; .ci/run installs it) that ends TLS with a certificate made
// here, as a shop would run it: TRUST_PROXY=1 and BASE_URL the https address customers use. Clients connect from
// different loopback addresses (127.0.0.2, 127.0.0.3, …), so nginx sees, and forwards, each one's own address.

const PER_ADDRESS = 3;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The address the client connects from. */
  from?: string;
}

/** One request over its own connection, from `from`; certificates are not checked (the test made this one). */
function call(url: string, { method = "GET", headers = {}, body, from = "127.0.0.1" }: Call = {}): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
        localAddress: from,
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url}: no answer in 30 s`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** Serves `app` over real HTTP on `port` (the socket's address is what the store reads without TRUST_PROXY). */
async function serve(app: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> }, port: number) {
  const server = createHttpServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return server;
}

function closeServer(server: Server | undefined) {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
}

/** nginx ending TLS on `port` and proxying to the store, as docs/operating.md's example sets it up. */
async function startNginx(dir: string, port: number, storePort: number): Promise<ChildProcess> {
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-days", "1"],
      ...["-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
    ],
    { stdio: "ignore" },
  );
  return runNginx(
    dir,
    `  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location / {
      proxy_pass http://127.0.0.1:${storePort};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`,
    () =>
      call(`https://127.0.0.1:${port}/api/health`).then(
        () => true,
        () => false,
      ),
  );
}

const json = (answer: Answer) => JSON.parse(answer.body) as Record<string, unknown>;
const setCookies = (answer: Answer) => answer.headers["set-cookie"] ?? [];

describe("behind nginx with TLS (TRUST_PROXY=1, BASE_URL https)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "randa-proxy-"));
  const ports = { nginx: 0, store: 0 };
  let base = "";
  beforeAll(async () => {
    ports.nginx = await freePort();
    do ports.store = await freePort();
    while (ports.store === ports.nginx);
    base = `https://127.0.0.1:${ports.nginx}`;
  });
  const t = usePageApp(() => ({
    TRUST_PROXY: "1",
    BASE_URL: `https://127.0.0.1:${ports.nginx}`,
    SIGN_IN_LIMIT_PER_MINUTE: String(PER_ADDRESS),
  }));
  let store: Server | undefined;
  let nginx: ChildProcess | undefined;
  beforeAll(async () => {
    expect(existsSync(NGINX), `${NGINX} is missing: apt-get install -y nginx (.ci/run does)`).toBe(true);
    store = await serve(t.app, ports.store);
    nginx = await startNginx(dir, ports.nginx, ports.store);
  });
  afterAll(async () => {
    await stopNginx(nginx);
    await closeServer(store);
    rmSync(dir, { recursive: true, force: true });
  });

  const json$ = (body: unknown, from: string, headers: Record<string, string> = {}): Call => ({
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...headers },
    body: JSON.stringify(body),
    from,
  });
  const form = (fields: Record<string, string>, from: string, cookie?: string): Call => ({
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      accept: "text/html",
      "sec-fetch-site": "same-origin",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    from,
  });
  let unknown = 0;
  /** A sign-in to an account nobody has (so only the address's limit can refuse it). */
  const wrongSignIn = (from: string, headers: Record<string, string> = {}) =>
    call(
      `${base}/api/auth/sign-in/email`,
      json$({ email: `nobody${++unknown}@example.test`, password: "x-wrong" }, from, headers),
    );

  it("limits clients at different addresses separately", async () => {
    const first = [];
    for (let i = 0; i < PER_ADDRESS + 1; i++) first.push(await wrongSignIn("127.0.0.2"));
    expect(first.map((a) => a.status)).toEqual([401, 401, 401, 429]);
    const refused = first.at(-1)!;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(json(refused)).toMatchObject({ code: "request.too_many" });
    // another customer behind the same proxy is not locked out with them
    expect((await wrongSignIn("127.0.0.3")).status).toBe(401);
  });

  it("keeps a client's key whatever X-Forwarded-For (or x-randa-client-ip) it sends itself", async () => {
    const statuses = [];
    for (let i = 0; i < PER_ADDRESS + 1; i++) {
      // nginx appends the address it sees: "127.0.0.5, 127.0.0.4"
      const spoof = { "x-forwarded-for": i % 2 ? "127.0.0.5" : `203.0.113.${i + 1}`, "x-randa-client-ip": "127.0.0.5" };
      statuses.push((await wrongSignIn("127.0.0.4", spoof)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // naming 127.0.0.5 spent none of that client's budget
    expect((await wrongSignIn("127.0.0.5")).status).toBe(401);
  });

  it("sets Secure session cookies and sends HSTS on pages, the API and files", async () => {
    const email = `secure-${Date.now()}@example.test`;
    const signUp = await call(
      `${base}/api/auth/sign-up/email`,
      json$({ name: "Behind Proxy", email, password: "sawdust-42" }, "127.0.0.6"),
    );
    expect(signUp.status).toBe(200);
    const session = setCookies(signUp).find((c) => c.includes("session_token="));
    expect(session).toMatch(/^__Secure-randa\.session_token=/);
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);

    for (const p of ["/", "/login", "/api/product", "/api/no-such-call", "/uploads/none.webp"]) {
      const answer = await call(`${base}${p}`, { from: "127.0.0.6" });
      expect(answer.headers["strict-transport-security"], p).toBe(STRICT_TRANSPORT_SECURITY);
    }
  });

  it("lets the pages' forms work through the proxy and sends the browser on within BASE_URL", async () => {
    const email = `pages-${Date.now()}@example.test`;
    const password = "sawdust-42";
    const registered = await call(`${base}/register`, form({ name: "Page Buyer", email, password }, "127.0.0.7"));
    // React Router refuses an action whose Origin is not the request's: the page must see https and the public host
    expect(registered.status).toBe(302);
    expect(setCookies(registered).some((c) => c.startsWith("__Secure-randa.session_token="))).toBe(true);

    const targets = {
      "/dashboard/my-orders": `${base}/dashboard/my-orders`,
      [`${base}/dashboard/profile`]: `${base}/dashboard/profile`,
      // the store's own address behind the proxy is not where customers are
      [`http://127.0.0.1:${ports.store}/dashboard`]: `${base}/`,
      "https://evil.example/": `${base}/`,
    };
    let client = 20;
    for (const [redirectTo, expected] of Object.entries(targets)) {
      const signedIn = await call(`${base}/login`, form({ email, password, redirectTo }, `127.0.0.${++client}`));
      expect(signedIn.status, redirectTo).toBe(302);
      expect(new URL(signedIn.headers.location!, base).href, redirectTo).toBe(expected);
    }
  });

  it("mails reset links on BASE_URL, and they lead back to it", async () => {
    const email = `reset-${Date.now()}@example.test`;
    await call(
      `${base}/api/auth/sign-up/email`,
      json$({ name: "Forgetful", email, password: "sawdust-42" }, "127.0.0.9"),
    );
    const asked = await call(`${base}/forgot-password`, form({ email }, "127.0.0.9"));
    expect(asked.status).toBe(200);

    const mailFile = readdirSync(t.outboxDir).find((f) => f.endsWith(`-${email}.json`));
    expect(mailFile).toBeDefined();
    const mail = JSON.parse(readFileSync(path.join(t.outboxDir, mailFile!), "utf8")) as { text: string };
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    expect(link.startsWith(`${base}/api/auth/reset-password/`)).toBe(true);

    const opened = await call(link, { from: "127.0.0.9" });
    expect(opened.status).toBe(302);
    const resetPage = new URL(opened.headers.location!, base);
    expect(resetPage.origin).toBe(base);
    expect(resetPage.pathname).toBe("/reset-password");

    const reset = await call(
      `${base}/reset-password`,
      form({ password: "new-sawdust-42", token: resetPage.searchParams.get("token")! }, "127.0.0.9"),
    );
    expect(reset.status).toBe(302);
    expect(new URL(reset.headers.location!, base).href).toBe(`${base}/login?reset=1`);
    const signedIn = await call(
      `${base}/api/auth/sign-in/email`,
      json$({ email, password: "new-sawdust-42" }, "127.0.0.10"),
    );
    expect(signedIn.status).toBe(200);
  });
});

describe("hit directly, without TRUST_PROXY", () => {
  const t = useTestApp({ SIGN_IN_LIMIT_PER_MINUTE: String(PER_ADDRESS) });
  let store: Server | undefined;
  let base = "";
  beforeAll(async () => {
    const port = await freePort();
    store = await serve(t.app, port);
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => closeServer(store));

  const wrongSignIn = (from: string, headers: Record<string, string> = {}) =>
    call(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...headers },
      body: JSON.stringify({ email: `nobody-${Math.random()}@example.test`, password: "x-wrong" }),
      from,
    });

  it("keys each client by its own socket: a spoofed X-Forwarded-For changes nothing", async () => {
    const statuses = [];
    for (let i = 0; i < PER_ADDRESS + 1; i++) {
      statuses.push((await wrongSignIn("127.0.0.2", { "x-forwarded-for": `203.0.113.${i + 1}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // naming another client's address does not spend that client's budget either
    expect((await wrongSignIn("127.0.0.3", { "x-forwarded-for": "127.0.0.2" })).status).toBe(401);
  });

  it("sends no HSTS and no Secure cookies for an http store", async () => {
    const answer = await call(`${base}/api/product`, { headers: { "x-forwarded-proto": "https" } });
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
    const signUp = await call(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-proto": "https" },
      body: JSON.stringify({ name: "Plain", email: `plain-${Date.now()}@example.test`, password: "sawdust-42" }),
      from: "127.0.0.4",
    });
    const session = setCookies(signUp).find((c) => c.includes("session_token="));
    expect(session).toMatch(/^randa\.session_token=/);
    expect(session).not.toMatch(/; Secure/i);
  });
});
