import { z } from "zod";
import { MAX_SHEET_ROWS, SHEET_COLUMNS, type SheetProgress } from "@shared/catalog-sheet";
import { M } from "@shared/messages";
import { adminOnly } from "../context/actor";
import { AppError, invalid } from "../errors";
import { SHEET_LIMIT } from "../http/body-limits";
import { count } from "../openapi/common-answers";
import { ADMINS_ONLY } from "../openapi/common-params";
import { apiCall, json, refused, textBody } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import { reportError } from "../log/report-error";
import { exportCatalog, importCatalog } from "./catalog-sheet";

const Tally = z.object({
  created: count("Would be, or were, created."),
  changed: count("Would change, or changed."),
  unchanged: count("As they are already."),
  refused: count("Refused, with the reasons beside their rows."),
});

/** What an import did, or would do, row by row. */
export const SheetReportJson = named(
  "SheetReport",
  z.object({
    dryRun: z.boolean().meta({ description: "True when nothing was written." }),
    applied: z.boolean().meta({ description: "True when the file was written, every row of it." }),
    rows: count("Rows in the file, the header aside."),
    products: Tally.meta({ description: "Tools." }),
    variants: Tally.meta({ description: "Rows: each is one variant." }),
    lines: z.array(
      z.object({
        line: z.number().int().meta({ description: "The row as a spreadsheet numbers it (the header is 1)." }),
        result: z.enum(["created", "changed", "unchanged", "refused"]),
        productId: z.string().nullable().meta({ description: "The tool's id; null for a new one." }),
        name: z.string(),
        sku: z.string(),
        changes: z.array(z.enum(SHEET_COLUMNS)).meta({ description: "The columns whose values change." }),
        problems: z
          .array(
            z.object({
              column: z.enum(SHEET_COLUMNS).nullable(),
              code: z.string(),
              message: z.string(),
              params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
            }),
          )
          .meta({ description: "Why the row is refused, beside its column." }),
      }),
    ),
  }),
);

const COLUMNS_DOC =
  `Columns (docs/catalog-spreadsheet.md): ${SHEET_COLUMNS.map((c) => `\`${c}\``).join(", ")}. One row per variant; ` +
  "the tool's columns repeat on each of its rows. Prices in Tk, weights in grams, categories by slug, photos by the " +
  "file names of images the store has, between `|`.";

const NDJSON = "application/x-ndjson";

/** `GET /api/products.csv` and `POST /api/products.csv`: the catalog as a spreadsheet, out and in. */
export const sheetCalls = [
  apiCall({
    method: "get",
    path: "/api/products.csv",
    operationId: "exportCatalog",
    tag: "products",
    summary: "The catalog as CSV",
    description:
      `Every product and variant, UTF-8 with a byte order mark (so Excel shows Bangla), CRLF rows. ${COLUMNS_DOC} ` +
      "A text a spreadsheet would read as a formula (`=`, `+`, `-`, `@` first) begins with an apostrophe, which " +
      "the import takes off.",
    who: "admin",
    session: "required",
    answers: { 200: { description: "The catalog.", other: "text/csv" }, 403: refused(ADMINS_ONLY) },
    handler: async (c) => {
      const rows = await exportCatalog(c.get("ctx"));
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await rows.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
        cancel: async () => void (await rows.return(undefined)),
      });
      const day = new Date().toISOString().slice(0, 10);
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="randa-catalog-${day}.csv"`,
        "Cache-Control": "no-store",
      });
    },
  }),
  apiCall({
    method: "post",
    path: "/api/products.csv",
    operationId: "importCatalog",
    tag: "products",
    summary: "Import the catalog from CSV",
    description:
      `${COLUMNS_DOC} A row with a \`product_id\` changes that tool (its variant found by \`variant_id\`, else by ` +
      "SKU; a new SKU adds a variant); an empty `product_id` makes a new tool of the row, and any other text groups " +
      "the rows of one new tool. A column left out of the file leaves that field as it is; an empty `images` keeps " +
      "the photos, an empty `stock` the stock (a stock given is counted: an `imported` row in the stock ledger). " +
      "Nothing is removed. With `dryRun=true` nothing is written and the report says what would be. Otherwise the " +
      "whole file is written in one transaction, or, when any row is refused, nothing (400 with the report). " +
      `With \`Accept: ${NDJSON}\` the answer streams \`{"progress": {phase, done, total}}\` lines, then ` +
      `\`{"report": …}\` or \`{"error": {message, code, params}, "report"?: …}\` (status 200 once streaming began). ` +
      `At most ${MAX_SHEET_ROWS} rows and 10 MB.`,
    who: "admin",
    session: "required",
    query: {
      dryRun: {
        description: "`true`: judge the file and write nothing; `false` (the default): import it.",
        example: "true",
        required: false,
      },
    },
    body: textBody("text/csv", "The spreadsheet, UTF-8 (a byte order mark is allowed), comma-separated."),
    bodyLimit: SHEET_LIMIT,
    rate: "import",
    answers: {
      200: {
        ...json(SheetReportJson, "The report: what was, or would be, created, changed, left and refused."),
        // Asked for with `Accept`, the same report after the progress lines (the description says how).
        other: NDJSON,
      },
      400: refused(
        "A file that is not CSV, names an unknown or repeated column, lacks `product_id` or `sku`, holds no rows or " +
          "too many, or `dryRun` not true or false; or, for an import, a file with refused rows (the answer carries " +
          "`report`).",
      ),
      403: refused(ADMINS_ONLY),
    },
    handler: async (c) => {
      const ctx = c.get("ctx");
      // Who may import is asked before a byte of the body is read.
      adminOnly(await ctx.actor());
      const dryRun = c.req.query("dryRun") ?? "false";
      if (dryRun !== "true" && dryRun !== "false") throw invalid(M.sheet.dry_run_invalid);
      const csv = await c.req.text();
      if (!(c.req.header("accept") ?? "").includes(NDJSON)) {
        return c.json(await importCatalog(ctx, csv, { dryRun: dryRun === "true" }));
      }
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const send = (line: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
          const onProgress = (progress: SheetProgress) => send({ progress });
          importCatalog(ctx, csv, { dryRun: dryRun === "true", onProgress })
            .then(
              (report) => send({ report }),
              (err: unknown) => {
                if (!(err instanceof AppError)) throw err;
                send({ error: err.detail, ...(err.extra ?? {}) });
              },
            )
            .catch((err: unknown) => {
              reportError("a catalog import failed", err);
              controller.error(err);
            })
            .finally(() => {
              try {
                controller.close();
              } catch {
                // Already failed.
              }
            });
        },
      });
      return c.body(body, 200, { "Content-Type": NDJSON, "Cache-Control": "no-store", "X-Accel-Buffering": "no" });
    },
  }),
];
