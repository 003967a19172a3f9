// A reference on this machine: nginx (Debian's package) serving the product list as a static file, one worker
// process like the store's one Node.js process, with keep-alive connections as long as Node's.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDebianPackages } from "./debian-packages.mjs";
import { serverProcess } from "./server-process.mjs";

const NGINX = "/usr/sbin/nginx";

/** Installs nginx from Debian when it is missing and this process may (root). */
export const ensureNginx = () => ensureDebianPackages("nginx", ["nginx"], () => existsSync(NGINX));

export async function startNginx({ port, productJson }) {
  const dir = mkdtempSync(path.join(tmpdir(), "randa-bench-nginx-"));
  // nginx's worker runs as an unprivileged user and must read the file.
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, "tmp"));
  writeFileSync(path.join(dir, "product.json"), productJson);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((t) => `${t}_temp_path ${dir}/tmp/${t};`)
    .join("\n  ");
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 1000000;
  ${temp}
  server {
    listen 127.0.0.1:${port};
    location = /api/product { default_type application/json; alias ${dir}/product.json; }
  }
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // The master process's pid: its worker is counted under it.
  const nginx = await serverProcess(child, {
    name: "nginx",
    baseUrl,
    readyPath: "/api/product",
    stopSignal: "SIGQUIT",
  });
  return {
    ...nginx,
    // Its folder (configuration, the file, temporary paths and log) goes with it.
    async stop() {
      await nginx.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
