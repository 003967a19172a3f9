import type { ReportLine, RowResult, SheetReport } from "@shared/catalog-sheet";
import { Cell, rowClass, TableHead } from "~/components/ui/data-table";
import { useFormat } from "~/i18n/use-format";
import { useMessage } from "~/i18n/use-message";
import { useSheetT } from "~/i18n/use-sheet-t";

/** The most rows the page lists; the counts above them cover the whole file. */
export const SHOWN_LINES = 200;

const RESULT_WORDS = {
  created: "sheetPage.created",
  changed: "sheetPage.changed",
  unchanged: "sheetPage.unchanged",
  refused: "sheetPage.refused",
} as const satisfies Record<RowResult, string>;

const RESULT_STYLE: Record<RowResult, string> = {
  created: "text-forest-700",
  changed: "text-wood-900",
  unchanged: "text-stone-600",
  refused: "text-red-700",
};

/**
 * What a file did or would do: the counts of tools and rows, then the rows that create, change or are refused (the
 * refused first), each with its columns that change or its reasons beside their columns. `refused`: the file was
 * sent to be imported and refused (its report, like a dry run's, says `dryRun`: nothing was written).
 */
export function SheetReportView({ report, refused = false }: { report: SheetReport; refused?: boolean }) {
  const { t } = useSheetT();
  const format = useFormat();
  const heading = report.applied
    ? t("sheetPage.appliedReport")
    : refused
      ? t("sheetPage.refusedReport")
      : t("sheetPage.dryRunReport");
  const worth = report.lines.filter((l) => l.result !== "unchanged");
  const ordered = [...worth.filter((l) => l.result === "refused"), ...worth.filter((l) => l.result !== "refused")];
  const shown = ordered.slice(0, SHOWN_LINES);
  const tally = (counts: SheetReport["products"]) =>
    (["created", "changed", "unchanged", "refused"] as const)
      .map((r) => `${format.count(counts[r])} ${t(RESULT_WORDS[r])}`)
      .join(" · ");
  return (
    <section aria-labelledby="sheet-report" className="mt-6" data-testid="sheet-report">
      {/* The live region holds the heading: a role on the <h3> itself would take its heading away. */}
      <div role="status">
        <h3 id="sheet-report" className="text-lg font-semibold text-wood-900">
          {heading}
        </h3>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-stone-700">{t("sheetPage.tools")}</dt>
        <dd data-testid="sheet-tools">{tally(report.products)}</dd>
        <dt className="font-semibold text-stone-700">{t("sheetPage.rows")}</dt>
        <dd data-testid="sheet-rows">{tally(report.variants)}</dd>
      </dl>
      {shown.length === 0 ? (
        <p className="mt-3 text-stone-600">{t("sheetPage.nothingToDo")}</p>
      ) : (
        <>
          {ordered.length > shown.length ? (
            <p className="mt-3 text-sm text-stone-600">
              {t("sheetPage.shown", { shown: format.count(shown.length), total: format.count(ordered.length) })}
            </p>
          ) : null}
          {/* Wider than a phone, the table scrolls in its own box, which a keyboard reaches (no row holds a link). */}
          <div
            className="mt-4 overflow-x-auto rounded-xl border border-wood-100 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-forest-700"
            tabIndex={0}
            role="region"
            aria-label={t("sheetPage.rows")}
          >
            <table className="w-full text-left text-sm" style={{ minWidth: 640 }}>
              <TableHead
                headers={[
                  t("sheetPage.line"),
                  t("sheetPage.result"),
                  t("sheetPage.tool"),
                  t("sheetPage.sku"),
                  t("sheetPage.what"),
                ]}
              />
              <tbody>
                {shown.map((line) => (
                  <LineRow key={line.line} line={line} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function LineRow({ line }: { line: ReportLine }) {
  const { t } = useSheetT();
  const format = useFormat();
  const say = useMessage();
  return (
    <tr className={rowClass} data-testid="sheet-line" data-result={line.result}>
      {/* In the page's digits, as the messages name a line ("লাইন ৩"). */}
      <Cell className="whitespace-nowrap">{format.count(line.line)}</Cell>
      <Cell className={`whitespace-nowrap font-semibold ${RESULT_STYLE[line.result]}`}>
        {t(RESULT_WORDS[line.result])}
      </Cell>
      <Cell>{line.name || t("sheetPage.newTool")}</Cell>
      <Cell className="whitespace-nowrap font-mono text-xs">{line.sku}</Cell>
      <Cell>
        {line.result === "refused" ? (
          <ul className="space-y-1 text-red-700">
            {line.problems.map((p, i) => (
              <li key={i}>
                {p.column ? <code className="mr-1 font-semibold">{p.column}</code> : null}
                {say(p)}
              </li>
            ))}
          </ul>
        ) : (
          <span className="font-mono text-xs">{line.changes.join(", ")}</span>
        )}
      </Cell>
    </tr>
  );
}
