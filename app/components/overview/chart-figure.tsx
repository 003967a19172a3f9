import { useId } from "react";
import { TableHead } from "~/components/ui/data-table";

/**
 * A chart as a figure: its caption, the drawing (decorative: the table holds the same numbers for every reader),
 * and the table. An empty period shows a sentence saying so instead of an empty drawing.
 */
export function ChartFigure({
  id,
  caption,
  chart,
  table,
  empty,
}: {
  id: string;
  caption: string;
  chart: React.ReactNode;
  table: React.ReactNode;
  /** What to say when the period holds nothing to draw; null when it does. */
  empty: string | null;
}) {
  return (
    <figure data-testid={`chart-${id}`} className="rounded-xl border border-wood-100 bg-white p-3 shadow-sm sm:p-4">
      <figcaption className="font-semibold text-wood-900">{caption}</figcaption>
      {empty ? (
        <p className="mt-3 rounded-md bg-wood-100 px-4 py-3 text-sm text-stone-700">{empty}</p>
      ) : (
        <>
          <div className="mt-3">{chart}</div>
          {table}
        </>
      )}
    </figure>
  );
}

/** A chart's numbers: a captioned table, scrolling sideways on a narrow screen rather than squeezing. */
export function FigureTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: string[];
  children: React.ReactNode;
}) {
  const captionId = useId();
  return (
    // Focusable, so that a keyboard can scroll it when it is wider than the screen.
    <div
      className="mt-3 overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-forest-700"
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
    >
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <TableHead headers={headers} figuresRight />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A long table (a row a day) folded under its summary, so the page stays short; open, it is the same table. */
export function Folded({ summary, children }: { summary: string; children: React.ReactNode }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-semibold text-forest-700">{summary}</summary>
      {children}
    </details>
  );
}

export const rowClass = "border-t border-wood-100";
export const numberCell = "px-3 py-1.5 text-right whitespace-nowrap tabular-nums";
export const headCell = "px-3 py-1.5 text-left font-semibold whitespace-nowrap";
