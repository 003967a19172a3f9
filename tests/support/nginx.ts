import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";

export const NGINX = "/usr/sbin/nginx";

/**
 * Runs nginx (the Debian package) in the foreground from `dir`, with `servers` (its `upstream` and `server` blocks)
 * inside an `http` block of the test's own: one worker, no access log, temporary files in `dir`. Resolves once
 * `answers()` says it is up.
 */
export async function runNginx(dir: string, servers: string, answers: () => Promise<boolean>): Promise<ChildProcess> {
  mkdirSync(path.join(dir, "tmp"), { recursive: true });
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${dir}/tmp/${t};`);
  // Run as the current user: as root, nginx would otherwise hand its workers to "nobody".
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};` : "";
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `${user}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${temp.join("\n  ")}
${servers}
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) {
      const log = existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
      throw new Error(`nginx exited with code ${child.exitCode}: ${stderr}${log}`);
    }
    if (await answers()) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopNginx(child);
  throw new Error(`nginx did not answer: ${stderr}`);
}

export async function stopNginx(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export interface Balancer {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * nginx on `port`, spreading requests over the store copies on `upstreams` as docs/operating.md's load-balancer
 * example does: round robin, a copy that refuses a connection is skipped for `failTimeout` seconds and the request goes to
 * the next one. Every answer names the copy (or copies) that answered it in X-Upstream.
 */
export async function startBalancer(port: number, upstreams: number[], failTimeout = 2): Promise<Balancer> {
  const dir = mkdtempSync(path.join(tmpdir(), "randa-balancer-"));
  const servers = upstreams.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=${failTimeout}s;`);
  const base = `http://127.0.0.1:${port}`;
  const child = await runNginx(
    dir,
    `  upstream randa {
    ${servers.join("\n    ")}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://randa;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout;
      add_header X-Upstream $upstream_addr always;
    }
  }`,
    () =>
      fetch(`${base}/api/health`).then(
        () => true,
        () => false,
      ),
  );
  return {
    base,
    child,
    // Its folder (configuration, logs, temporary paths) goes with it.
    stop: async () => {
      await stopNginx(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
