// `node bench/reference-node.mjs <port> <file>`: the product list's bytes from node:http and nothing else.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [port, file] = process.argv.slice(2);
const body = readFileSync(file);
createServer((req, res) => {
  if (req.method === "GET" && req.url === "/api/product") {
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": body.length });
    res.end(body);
  } else {
    res.writeHead(404).end();
  }
}).listen(Number(port), "127.0.0.1");
// Exits cleanly on SIGTERM, so that `node --cpu-prof` writes its profile.
process.on("SIGTERM", () => process.exit(0));
