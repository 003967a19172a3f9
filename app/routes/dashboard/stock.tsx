import { Form, Link, useNavigation } from "react-router";
import { productToEdit, productsToManage } from "@server/catalog";
import { recordStockChange, stockLedger } from "@server/stock";
import { MAX_QUERY_LENGTH, paramsOf } from "@shared/list-page";
import { M } from "@shared/messages";
import { MAX_STOCK_CHANGE, MAX_STOCK_NOTE_LENGTH } from "@shared/schemas/stock";
import { ADMIN_STOCK_REASONS, type AdminStockReason, type StockReason } from "@shared/stock-ledger";
import { variantLabel } from "@shared/variants";
import type { StockEntryView } from "@shared/views";
import { Button } from "~/components/ui/button";
import { Cell, DataTable, TableHead, rowClass } from "~/components/ui/data-table";
import { Field, NumberField, SelectField, fieldsFrom } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { Pager } from "~/components/ui/pager";
import { formNumber, formOf, formText, typedValues } from "~/door/form-input.server";
import { act, load, succeeded, withRetryAfter } from "~/door/page-door.server";
import { stockEntryView } from "~/door/views.server";
import { metaTexts } from "~/i18n/meta";
import { pageTitle } from "~/lib/site";
import { useFormat } from "~/i18n/use-format";
import { pageText, usePageT, type PageTextKey } from "~/i18n/use-page-t";
import { useT } from "~/i18n/use-t";
import { useActionToast, type ActionResult } from "~/lib/use-action-toast";
import type { Route } from "./+types/stock";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(pageText(metaTexts(matches).language, "stockPage.title")) },
];

export const headers = withRetryAfter;

/** Each reason's name in the ledger. */
const REASON_WORDS = {
  opening: "stockPage.reasons.opening",
  placed: "stockPage.reasons.placed",
  cancelled: "stockPage.reasons.cancelled",
  expired: "stockPage.reasons.expired",
  received: "stockPage.reasons.received",
  counted: "stockPage.reasons.counted",
  damaged: "stockPage.reasons.damaged",
  imported: "stockPage.reasons.imported",
  returned: "stockPage.reasons.returned",
} as const satisfies Record<StockReason, PageTextKey>;

/** What an admin may record, as the form offers it. */
const CHOICE_WORDS = {
  received: "stockPage.received",
  counted: "stockPage.counted",
  damaged: "stockPage.damaged",
} as const satisfies Record<AdminStockReason, PageTextKey>;

/**
 * Beyond the spec: the stock ledger (docs/decisions/0031-a-stock-ledger.md). Without `?product=`, the tools and
 * their stock, searched as Manage Products is; with it, that tool's ledger, newest first, and a form to record
 * pieces received, a stock-take or a write-off.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const productId = url.searchParams.get("product");
  return load(args, async (ctx) => {
    if (productId !== null) {
      const product = await productToEdit(ctx, productId);
      const { items, ...page } = await stockLedger(ctx, product.id, paramsOf(url.searchParams, ["page", "limit"]));
      return {
        tool: {
          id: product.id,
          name: product.name,
          nameBn: product.nameBn,
          availability: product.availability,
          variants: product.variants.map((v) => ({
            id: v.id,
            sku: v.sku,
            label: variantLabel(product.options, v.options),
            availability: v.availability,
          })),
        },
        entries: items.map(stockEntryView),
        page,
      };
    }
    const { items, ...page } = await productsToManage(ctx, paramsOf(url.searchParams, ["q", "page", "limit"]));
    return {
      tools: items.map((p) => ({ id: p.id, name: p.name, nameBn: p.nameBn, availability: p.availability })),
      page,
      q: url.searchParams.get("q") ?? "",
    };
  });
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const productId = new URL(args.request.url).searchParams.get("product");
  const change = {
    reason: formText(form.get("reason")),
    variantId: formText(form.get("variantId")),
    change: formNumber(form.get("change")),
    count: formNumber(form.get("count")),
    note: formText(form.get("note")),
  };
  return act(
    args,
    (ctx) => recordStockChange(ctx, productId, change),
    () => succeeded(M.stock.recorded),
    { fields: true, values: typedValues(form) },
  );
}

export default function Stock({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { t } = usePageT();
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("stockPage.title")}</h2>
      <p className="mt-1 text-stone-600">{t("stockPage.lead")}</p>
      {loaderData.tool ? (
        <Ledger tool={loaderData.tool} entries={loaderData.entries} page={loaderData.page} answer={actionData} />
      ) : (
        <Tools tools={loaderData.tools} page={loaderData.page} q={loaderData.q} />
      )}
    </section>
  );
}

interface Tool {
  id: string;
  name: string;
  nameBn: string | null;
  availability: number;
}

/** A tool's variant as the stock page names it: its values and SKU, and its own stock. */
interface Shelf {
  id: string;
  sku: string;
  label: string | null;
  availability: number;
}

function useToolName() {
  const { language } = useT();
  return (tool: Pick<Tool, "name" | "nameBn">) => (language === "bn" && tool.nameBn) || tool.name;
}

function Tools({ tools, page, q }: { tools: Tool[]; page: { page: number; total: number; limit: number }; q: string }) {
  const { t } = usePageT();
  const format = useFormat();
  const nameOf = useToolName();
  return (
    <>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <Field
            key={q}
            id="stock-search"
            label={t("stockPage.search")}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={MAX_QUERY_LENGTH}
          />
        </div>
        <Button type="submit">{t("stockPage.searchButton")}</Button>
      </Form>
      {tools.length === 0 ? (
        <Notice>{t("stockPage.noTools")}</Notice>
      ) : (
        <DataTable headers={[t("stockPage.tool"), t("stockPage.onShelf"), t("stockPage.ledger")]} minWidth={420}>
          {tools.map((tool) => (
            <tr key={tool.id} className={rowClass}>
              <Cell className="font-semibold text-wood-900">{nameOf(tool)}</Cell>
              <Cell className="whitespace-nowrap">{format.pieces(tool.availability)}</Cell>
              <Cell>
                <Link
                  to={`/dashboard/stock?product=${tool.id}`}
                  aria-label={t("stockPage.ledgerLabel", { name: nameOf(tool) })}
                  className="font-semibold text-forest-700 underline"
                >
                  {t("stockPage.ledger")}
                </Link>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager {...page} />
    </>
  );
}

function Ledger({
  tool,
  entries,
  page,
  answer,
}: {
  tool: Tool & { variants: Shelf[] };
  entries: StockEntryView[];
  page: { page: number; total: number; limit: number };
  answer: ActionResult | undefined;
}) {
  const { t } = usePageT();
  const format = useFormat();
  const nameOf = useToolName();
  const sized = tool.variants.length > 1;
  return (
    <>
      <p className="mt-3">
        <Link to="/dashboard/stock" className="text-forest-700 underline">
          {t("stockPage.back")}
        </Link>
      </p>
      <h3 className="mt-3 text-lg font-semibold text-wood-900" data-testid="stock-now">
        {t("stockPage.current", { name: nameOf(tool), stock: format.pieces(tool.availability) })}
      </h3>
      {sized ? (
        <ul
          className="mt-2 text-sm text-stone-700"
          aria-label={t("stockPage.variantsStock")}
          data-testid="variant-stock"
        >
          {tool.variants.map((v) => (
            <li key={v.id}>
              {t("stockPage.variantChoice", {
                variant: v.label ?? v.sku,
                sku: v.sku,
                stock: format.pieces(v.availability),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {/* A new form after each recorded change, so its fields start empty again. */}
      <RecordForm key={tool.availability} answer={answer} variants={sized ? tool.variants : []} />
      {entries.length === 0 ? (
        <Notice>{t("stockPage.empty")}</Notice>
      ) : (
        <LedgerTable
          label={t("stockPage.ledgerLabel", { name: nameOf(tool) })}
          headers={[
            t("stockPage.when"),
            ...(sized ? [t("stockPage.variant")] : []),
            t("stockPage.what"),
            t("stockPage.pieces"),
            t("stockPage.after"),
            t("stockPage.who"),
            t("stockPage.order"),
            t("stockPage.noteColumn"),
          ]}
        >
          {entries.map((e) => (
            <LedgerRow key={e.id} entry={e} sized={sized} />
          ))}
        </LedgerTable>
      )}
      <Pager {...page} />
    </>
  );
}

/**
 * The ledger's table, wider than a phone: it scrolls sideways in its own box. Its rows need hold no link (a tool
 * only received and counted), so the box itself is focusable, for a keyboard to scroll it, and named.
 */
function LedgerTable({ label, headers, children }: { label: string; headers: string[]; children: React.ReactNode }) {
  return (
    <div
      className="mt-4 overflow-x-auto rounded-xl border border-wood-100 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-forest-700"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="w-full text-left text-sm" style={{ minWidth: 820 }}>
        <TableHead headers={headers} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function LedgerRow({ entry: e, sized }: { entry: StockEntryView; sized: boolean }) {
  const { t } = usePageT();
  const format = useFormat();
  const who =
    e.by === "store" || !e.byName
      ? t("stockPage.byStore")
      : e.by === "buyer"
        ? t("stockPage.byBuyer", { name: e.byName })
        : e.byName;
  return (
    <tr className={rowClass} data-reason={e.reason}>
      <Cell className="whitespace-nowrap">{format.dateTime(e.at)}</Cell>
      {sized ? <Cell className="whitespace-nowrap">{e.variant ?? e.sku}</Cell> : null}
      <Cell>{t(REASON_WORDS[e.reason])}</Cell>
      <Cell className={`whitespace-nowrap font-semibold ${e.change > 0 ? "text-forest-700" : "text-red-700"}`}>
        {e.change > 0 ? "+" : "−"}
        {format.count(Math.abs(e.change))}
      </Cell>
      <Cell className="whitespace-nowrap">{format.count(e.after)}</Cell>
      <Cell>{who}</Cell>
      <Cell>
        {e.orderId ? (
          <Link to={`/dashboard/order/${e.orderId}`} className="text-forest-700 underline">
            {t("stockPage.viewOrder", { n: e.orderId.slice(0, 8) })}
          </Link>
        ) : null}
      </Cell>
      <Cell className="break-words">{e.note}</Cell>
    </tr>
  );
}

/** Works without JavaScript: a refusal comes back beside its field, with what was typed. */
function RecordForm({ answer, variants }: { answer: ActionResult | undefined; variants: Shelf[] }) {
  const { t } = usePageT();
  const format = useFormat();
  const navigation = useNavigation();
  const field = fieldsFrom(answer as Parameters<typeof fieldsFrom>[0]);
  const reason = field("reason");
  const variant = field("variantId");
  return (
    <Form
      method="post"
      className="mt-4 grid gap-3 rounded-xl border border-wood-100 bg-white p-4 shadow-sm sm:grid-cols-2"
      aria-label={t("stockPage.record")}
    >
      {variants.length > 0 ? (
        <SelectField
          label={t("stockPage.variant")}
          name="variantId"
          error={variant.error}
          defaultValue={variant.defaultValue}
        >
          {variants.map((v) => (
            <option key={v.id} value={v.id}>
              {t("stockPage.variantChoice", {
                variant: v.label ?? v.sku,
                sku: v.sku,
                stock: format.pieces(v.availability),
              })}
            </option>
          ))}
        </SelectField>
      ) : null}
      <SelectField label={t("stockPage.reason")} name="reason" error={reason.error} defaultValue={reason.defaultValue}>
        {ADMIN_STOCK_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(CHOICE_WORDS[r])}
          </option>
        ))}
      </SelectField>
      <NumberField label={t("stockPage.change")} {...field("change")} min={-MAX_STOCK_CHANGE} max={MAX_STOCK_CHANGE} />
      <NumberField label={t("stockPage.count")} {...field("count")} min={0} max={MAX_STOCK_CHANGE} />
      <Field label={t("stockPage.note")} {...field("note")} maxLength={MAX_STOCK_NOTE_LENGTH} />
      <div className="sm:col-span-2">
        <Button type="submit" pending={navigation.state === "submitting"} pendingLabel={t("stockPage.saving")}>
          {t("stockPage.save")}
        </Button>
      </div>
    </Form>
  );
}
