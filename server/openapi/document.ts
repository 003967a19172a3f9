import type { LimitedOperation } from "../limits/rules";
import packageJson from "../../package.json";
import { z } from "zod";
import { DEFAULT_LIMIT } from "../http/body-limits";
import { ErrorAnswer } from "./common-answers";
import { limited, type Answer, type ApiCall, type Method, type Parameter, type RequestBody } from "./route-types";
import { schemaNames } from "./schema-names";

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description: string;
  schema: JsonSchema;
  example: string;
}

export interface OpenApiMedia {
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema; example: string }>;
  content?: Record<string, OpenApiMedia>;
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMedia> };
  responses: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<Method, OpenApiOperation>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/** The document's groups of calls, in the order the reader lists them; each call names its `tag`. */
const TAGS = [
  { name: "products", description: "The catalog: anyone reads it, admins change it." },
  { name: "categories", description: "The shop's categories: anyone lists them, admins change them." },
  {
    name: "stock",
    description: "Each product's stock ledger: every change, and admins' receipts, counts and write-offs.",
  },
  { name: "cart", description: "A cart for everyone: a customer's, or a guest's by its cookie. Money is in Tk." },
  { name: "orders", description: "Placing, paying, delivering and cancelling orders. Money is in Tk." },
  { name: "delivery", description: "Delivery zones and charges, and a customer's saved addresses." },
  { name: "payments", description: "Starting a payment, and the calls the payment providers make." },
  { name: "uploads", description: "Product images." },
  { name: "reviews", description: "Customers' reviews of the store." },
  { name: "users", description: "Accounts, admins and API tokens." },
  { name: "profiles", description: "A customer's education, phone number and location." },
  {
    name: "auth",
    description: "Better Auth's endpoints the store uses (sign-up, sign-in, sessions, passwords, Google).",
  },
  { name: "health", description: "Whether the server and its database answer." },
  { name: "docs", description: "This document and its reader." },
];

const componentRef = (name: string) => `#/components/schemas/${name}`;

const DESCRIPTION = `The JSON API of Randa, a store of woodworking hand tools in Bangladesh. Money is in taka (Tk).

**Signing in.** Every call takes the browser's session cookie (\`randa.session_token\`, set by
\`POST /api/auth/sign-in/email\`) or \`Authorization: Bearer <token>\` (the \`set-auth-token\` header of that answer,
or \`PUT /api/user/{email}\`). No session → 401; not yours, or not an admin → 403. A write that carries the cookie
must come from the store's own pages (its \`Origin\`); one from another site is refused with 403.

**Errors** are JSON \`{message, code}\` with a 4xx status: \`message\` in English for people, \`code\` stable for
programs (such as \`order.not_yours\`). An unknown call answers 404 \`{message: "No such API call: …"}\`. An
unexpected failure is logged and answered with a plain 500.`;

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "randa.session_token",
    description: "The session cookie the sign-in endpoints set.",
  },
  bearerToken: {
    type: "http",
    scheme: "bearer",
    description: "The session token: `set-auth-token` of a sign-in answer, or `PUT /api/user/{email}`.",
  },
};
const SIGNED_IN: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerToken: [] }];
const NO_SESSION: Answer = { description: "No session: sign in, or send a bearer token.", json: ErrorAnswer };

/** Every call with a body answers 413, unread, when the body is over its call's limit. */
function tooLargeAnswer(route: ApiCall): Record<number, Answer> {
  if (!route.body) return {};
  const kilobytes = Math.round((route.bodyLimit ?? DEFAULT_LIMIT).bytes / 1024);
  return { 413: { description: `A body over ${kilobytes} KB; refused before it is read.`, json: ErrorAnswer } };
}

const RATE_WORDS: Record<LimitedOperation, string> = {
  order: "Over the orders an account (or an address, three accounts' worth) may place in a minute.",
  review: "Over the reviews an account (or an address, three accounts' worth) may write in an hour.",
  upload: "Over the uploads an account (or an address, three accounts' worth) may make in an hour.",
  cart: "Over the cart changes an account or a guest's cart (or an address, three carts' worth) may make in a minute.",
  address: "Over the address-book changes an account (or an address, three accounts' worth) may make in an hour.",
  stock: "Over the stock changes an admin (or an address, three admins' worth) may record in an hour.",
  vote: "Over the helpful votes an account (or an address, three accounts' worth) may give in an hour.",
  import:
    "Over the catalog files (checked or imported) an admin (or an address, three admins' worth) may send in an hour.",
  phone_code:
    "Over the codes one order (or an address, three orders' worth) may be sent in an hour (PHONE_CODE_LIMIT_PER_HOUR).",
  phone_code_check: "Over the codes an account (or an address, three accounts' worth) may try in an hour.",
  watch:
    "Over the asks one phone or e-mail address (or an address, three contacts' worth) may make in an hour (WATCH_LIMIT_PER_HOUR).",
  courier:
    "Over the bookings, parcels received back and payouts an admin (or an address, three admins' worth) may record in an hour (COURIER_LIMIT_PER_HOUR).",
};

/** A call counted against a rate-limit rule answers 429 with Retry-After when over it. */
function rateAnswer(route: ApiCall): Record<number, Answer> {
  return route.rate ? { 429: limited(RATE_WORDS[route.rate]) } : {};
}

/** Every named schema, converted once; `names` finds a schema's name for a $ref. */
function components() {
  const registry = z.registry<{ id: string }>();
  const names = schemaNames();
  for (const [schema, name] of names) registry.add(schema, { id: name });
  const converted = z.toJSONSchema(registry, { target: "draft-2020-12", io: "input", uri: componentRef });
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(converted.schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    schemas[name] = rest;
  }
  return { names, schemas };
}

function buildDocument(calls: readonly ApiCall[]): OpenApiDocument {
  const { names, schemas } = components();
  const ref = (schema: z.ZodType): JsonSchema => {
    const name = names.get(schema);
    if (!name)
      throw new Error("A call uses a schema without a name: name it with `named` (server/openapi/schema-names.ts).");
    return { $ref: componentRef(name) };
  };

  const parameter = (name: string, where: OpenApiParameter["in"], p: Parameter): OpenApiParameter => ({
    name,
    in: where,
    required: where === "path" || p.required !== false,
    description: p.description,
    schema: p.format ? { type: "string", format: p.format } : { type: "string" },
    example: p.example,
  });

  const MEDIA_TYPE: Record<Exclude<RequestBody["type"], "text">, string> = {
    json: "application/json",
    form: "application/x-www-form-urlencoded",
    multipart: "multipart/form-data",
  };
  const requestBody = (body: RequestBody) =>
    body.type === "text"
      ? { required: true, content: { [body.mediaType]: { schema: { type: "string", description: body.description } } } }
      : {
          required: !(body.type === "json" && body.optional),
          content: { [MEDIA_TYPE[body.type]]: { schema: ref(body.schema) } },
        };

  const response = ({ description, json, other, headers }: Answer): OpenApiResponse => ({
    description,
    ...(headers && {
      headers: Object.fromEntries(
        Object.entries(headers).map(([name, h]) => [
          name,
          { description: h.description, schema: { type: "string" }, example: h.example },
        ]),
      ),
    }),
    ...((json || other) && {
      content: {
        ...(json && { "application/json": { schema: ref(json) } }),
        ...(other && { [other]: { schema: { type: "string" } } }),
      },
    }),
  });

  const operation = (route: ApiCall): OpenApiOperation => {
    const parameters = [
      ...Object.entries(route.params ?? {}).map(([name, p]) => parameter(name, "path", p)),
      ...Object.entries(route.query ?? {}).map(([name, p]) => parameter(name, "query", p)),
      ...Object.entries(route.headers ?? {}).map(([name, p]) => parameter(name, "header", p)),
    ];
    const signIn: Record<number, Answer> = route.session === "required" ? { 401: NO_SESSION } : {};
    const answers: Record<number, Answer> = {
      ...signIn,
      ...tooLargeAnswer(route),
      ...rateAnswer(route),
      ...route.answers,
    };
    return {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      description: `**Who:** ${route.who}.${route.description ? `\n\n${route.description}` : ""}`,
      security: route.session === "required" ? SIGNED_IN : route.session === "optional" ? [{}, ...SIGNED_IN] : [],
      ...(parameters.length > 0 && { parameters }),
      ...(route.body && { requestBody: requestBody(route.body) }),
      responses: Object.fromEntries(
        Object.entries(answers)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([status, answer]) => [status, response(answer)]),
      ),
    };
  };

  const paths: OpenApiDocument["paths"] = {};
  for (const route of calls) {
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`${route.method.toUpperCase()} ${route.path} is declared twice.`);
    item[route.method] = operation(route);
  }

  return {
    openapi: "3.1.0",
    info: { title: "Randa API", version: storeVersion(), description: DESCRIPTION },
    tags: TAGS,
    paths,
    components: { schemas, securitySchemes: SECURITY_SCHEMES },
  };
}

function storeVersion(): string {
  return z.object({ version: z.string() }).parse(packageJson).version;
}

let built: string | undefined;

/** The document of these calls as JSON text, built on first use and kept for the life of the process. */
export function openApiJson(calls: readonly ApiCall[]): string {
  built ??= JSON.stringify(buildDocument(calls));
  return built;
}
