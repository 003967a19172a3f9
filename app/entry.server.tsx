import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { reportError } from "@server/log/report-error";
import { notePageError } from "@server/log/request-context";
import { ServerRouter } from "react-router";
import { NonceContext } from "~/lib/nonce";
import { provideAllTranslators } from "~/i18n/translators.server";

provideAllTranslators();

export const streamTimeout = 5_000;

/**
 * A loader, an action or a render that threw: into the request's log with its stack and id, as a failure when the
 * answer is a 5xx. Not logged: an answer a route threw on purpose (a 404, a refused form's 400, a redirect), and a
 * request its browser abandoned.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isRouteErrorResponse(error) || error instanceof Response) return;
  notePageError(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  // Crawlers and browsers without JavaScript get the whole document at once; people get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) reportError("page render failed", error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
