import { parse } from "csv-parse/sync";
import { MAX_SHEET_ROWS, REQUIRED_COLUMNS, SHEET_COLUMNS, type SheetColumn } from "@shared/catalog-sheet";
import { M } from "@shared/messages";
import { invalid } from "../../errors";

/**
 * One row of an imported file: its row as a spreadsheet numbers it (the header is row 1; a cell may hold several
 * lines of text) and its cells by column; a column left out is absent.
 */
export interface SheetRow {
  line: number;
  cells: Partial<Record<SheetColumn, string>>;
}

export interface Sheet {
  columns: Set<SheetColumn>;
  rows: SheetRow[];
}

/**
 * The file as rows: UTF-8 with or without the BOM Excel writes, commas, quotes as RFC 4180 has them, CRLF or LF.
 * A file the store cannot read as a whole (not CSV, an unknown or repeated column, no rows, too many) is refused
 * with 400 before any row is judged; blank lines are skipped.
 */
export function readSheet(text: string): Sheet {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      to: MAX_SHEET_ROWS + 2,
    });
  } catch (err) {
    const { lines, message } = err as { lines?: number; message?: string };
    throw invalid(M.sheet.not_csv, { line: lines ?? 1, reason: String(message ?? "").slice(0, 200) });
  }
  const [head, ...body] = records;
  if (!head || body.length === 0) throw invalid(M.sheet.empty);
  if (body.length > MAX_SHEET_ROWS) throw invalid(M.sheet.too_many_rows, { max: MAX_SHEET_ROWS });
  const columns = head.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(SHEET_COLUMNS);
  const seen = new Set<SheetColumn>();
  for (const column of columns) {
    if (!known.has(column)) throw invalid(M.sheet.unknown_column, { column: column.slice(0, 60) });
    if (seen.has(column as SheetColumn)) throw invalid(M.sheet.repeated_column, { column });
    seen.add(column as SheetColumn);
  }
  for (const column of REQUIRED_COLUMNS) {
    if (!seen.has(column)) throw invalid(M.sheet.missing_column, { column });
  }
  return {
    columns: seen,
    rows: body.map((record, i) => ({
      line: i + 2,
      cells: Object.fromEntries(columns.map((column, i) => [column, record[i] ?? ""])),
    })),
  };
}
