import type { OutgoingHttpHeaders, RequestListener } from "node:http";
import type { Logger } from "../log/logger";
import { MAX_URL, type KeptAnswer, type KeptAnswers } from "./kept-answers";
import { answered, requestIdOf } from "./request-log";

/**
 * A query the URL parser leaves as it is (so its key is the one the middleware keeps the answer under); a request
 * with any other character goes the slow way, where the middleware still serves the answer kept.
 */
const PLAIN_QUERY = /^[\w\-.~!$&()*+,;=:@/?%]*$/;
/** A Host header the adapter takes as it is; it answers any other with 400. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Serves the answers kept whole (http/kept-answers.ts) straight from Node's request, before Hono and the rest of the
 * middleware: the same status, headers and bytes the middleware would send, with the request's own id, its log line
 * and its metric, as the request log writes them. Anything else, or an answer not kept yet, goes on to `rest`.
 * A kept answer costs a third of the slow way's CPU here (docs/decisions/0046-kept-answers-before-the-framework.md).
 */
export function keptAnswersFirst(
  kept: KeptAnswers,
  routes: ReadonlySet<string>,
  log: Logger,
  trustProxy: number,
  rest: RequestListener,
): RequestListener {
  const sent = new WeakMap<KeptAnswer, OutgoingHttpHeaders>();
  return (req, res) => {
    const started = performance.now();
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const route = query < 0 ? url : url.slice(0, query);
    const answer =
      req.method === "GET" &&
      routes.has(route) &&
      url.length <= MAX_URL &&
      (query < 0 || PLAIN_QUERY.test(url.slice(query + 1))) &&
      PLAIN_HOST.test(req.headers.host ?? "")
        ? kept.current(url, req.headers["accept-encoding"])
        : undefined;
    if (!answer) return rest(req, res);

    const id = requestIdOf(req.headers["x-request-id"] as string | undefined, trustProxy);
    let headers = sent.get(answer);
    if (!headers) sent.set(answer, (headers = headersAsSent(answer)));
    res.writeHead(answer.status, { ...headers, "x-request-id": id });
    res.end(answer.body);
    log.info({ reqId: id, ...answered("GET", route, answer.status, started) }, "request");
  };
}

/**
 * The headers in the order the adapter writes them for the middleware's answer: by name (a Fetch Headers object's
 * order), the request id among them, and Content-Length last where the answer did not carry one.
 */
function headersAsSent(answer: KeptAnswer): OutgoingHttpHeaders {
  const named = [...answer.headers, ["x-request-id", ""] as [string, string]].sort(([a], [b]) => (a < b ? -1 : 1));
  const headers: OutgoingHttpHeaders = Object.fromEntries(named);
  if (!("content-length" in headers)) headers["Content-Length"] = answer.body.byteLength;
  return headers;
}
