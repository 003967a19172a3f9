import type { Context, Handler } from "hono";
import type { z } from "zod";
import type { RequestContext } from "../context/request-context";
import type { BodyLimit } from "../http/body-limits";
import type { Readiness } from "../http/readiness";
import type { RequestLogVariables } from "../http/request-log";
import type { LimitedOperation } from "../limits/rules";
import type { Services } from "../services";
import { ErrorAnswer } from "./common-answers";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** A path, query or header parameter. Path parameters are always required. */
export interface Parameter {
  description: string;
  example: string;
  format?: "uuid" | "email";
  required?: boolean;
}

export type RequestBody =
  | { type: "json"; schema: z.ZodType; optional?: boolean }
  | { type: "form"; schema: z.ZodType }
  | { type: "multipart"; schema: z.ZodType }
  /** A body that is a document of its own (a spreadsheet's CSV), by media type. */
  | { type: "text"; mediaType: string; description: string };

/** One answer of an operation: a JSON body, another kind of body, or none (a redirect). */
export interface Answer {
  description: string;
  json?: z.ZodType;
  /** A body that is not JSON, by media type, e.g. `text/html`; beside `json`, another the call answers when asked. */
  other?: string;
  headers?: Record<string, Parameter>;
}

/** One operation the API answers: what the OpenAPI document says about it. */
export interface ApiRoute {
  method: Method;
  /** The OpenAPI path template, /api prefix included. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** Who may call it, in the words the API reference (`/api/docs`) shows. */
  who: string;
  /** Whether it reads a session (cookie or bearer token); a 401 answer is added where one is required. */
  session: "required" | "optional" | "none";
  params?: Record<string, Parameter>;
  query?: Record<string, Parameter>;
  headers?: Record<string, Parameter>;
  body?: RequestBody;
  answers: Record<number, Answer>;
}

export const json = (schema: z.ZodType, description: string, headers?: Record<string, Parameter>): Answer => ({
  description,
  json: schema,
  ...(headers && { headers }),
});

/** An error answer: `{message, code}`. */
export const refused = (description: string): Answer => ({ description, json: ErrorAnswer });

/** A rate limit's refusal: `{message, code, params}` saying how long to wait, and Retry-After in seconds. */
export const limited = (description: string): Answer => ({
  description,
  json: ErrorAnswer,
  headers: { "Retry-After": { description: "Seconds until the limit lets calls through again.", example: "42" } },
});

export const redirect = (description: string): Answer => ({
  description,
  headers: { Location: { description: "Where the browser goes next.", example: "/dashboard/orders" } },
});

export const jsonBody = (schema: z.ZodType, optional = false): RequestBody => ({ type: "json", schema, optional });
export const formBody = (schema: z.ZodType): RequestBody => ({ type: "form", schema });
export const multipartBody = (schema: z.ZodType): RequestBody => ({ type: "multipart", schema });
export const textBody = (mediaType: string, description: string): RequestBody => ({
  type: "text",
  mediaType,
  description,
});

/** What an API handler finds on its request: the context every use case is called with, and the store's services. */
export interface ApiEnv {
  Variables: RequestLogVariables & {
    ctx: RequestContext;
    services: Services;
    readiness: Readiness;
    /** Every declared call, for the document that describes them. */
    calls: readonly ApiCall[];
  };
}
export type ApiContext = Context<ApiEnv>;

/**
 * One call of the API, declared once beside its handler: what the OpenAPI document says of it, how large its body
 * may be, which rate-limit rule its use case counts it against, and whether it needs a session. The router mounts
 * it, the body limits and the document read it (server/http/api-router.ts).
 */
export interface ApiCall extends ApiRoute {
  /** The most its body may hold; `DEFAULT_LIMIT` (64 KB) when not said. */
  bodyLimit?: BodyLimit;
  /** The rule of server/limits/rules.ts its use case counts the call against: documented as its 429. */
  rate?: LimitedOperation;
  /**
   * `catalog`: every byte of its 200 depends on the URL and the catalog alone (a GET without path parameters that
   * reads no session), so the whole answer is kept until the catalog changes and served before the middleware
   * (server/http/kept-answers.ts).
   */
  keptWhole?: "catalog";
  /** Answers the call. Absent for a call a handler of a whole prefix answers (Better Auth's, under /api/auth/). */
  handler?: Handler<ApiEnv>;
}

/** A call's declaration, typed: `apiCall({ method, path, …, handler })`. */
export const apiCall = (call: ApiCall): ApiCall => call;
