import type { z } from "zod";
import { wireSchemas } from "./wire-schemas";

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
  | { type: "multipart"; schema: z.ZodType };

/** One answer of an operation: a JSON body, another kind of body, or none (a redirect). */
export interface Answer {
  description: string;
  json?: z.ZodType;
  /** A body that is not JSON, by media type, e.g. `text/html`. */
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
export const refused = (description: string): Answer => ({ description, json: wireSchemas.Error });

/** A rate limit's refusal: `{message, code, params}` saying how long to wait, and Retry-After in seconds. */
export const limited = (description: string): Answer => ({
  description,
  json: wireSchemas.Error,
  headers: { "Retry-After": { description: "Seconds until the limit lets calls through again.", example: "42" } },
});

export const redirect = (description: string): Answer => ({
  description,
  headers: { Location: { description: "Where the browser goes next.", example: "/dashboard/orders" } },
});

export const jsonBody = (schema: z.ZodType, optional = false): RequestBody => ({ type: "json", schema, optional });
export const formBody = (schema: z.ZodType): RequestBody => ({ type: "form", schema });
export const multipartBody = (schema: z.ZodType): RequestBody => ({ type: "multipart", schema });
