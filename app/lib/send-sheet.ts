import type { SheetProgress, SheetReport } from "@shared/catalog-sheet";
import { M } from "@shared/messages";
import type { Said } from "~/i18n/use-message";
import { refusalOf } from "./send-json";

export type SheetAnswer =
  | { ok: true; report: SheetReport }
  /** Refused: the file as a whole (no report), or some of its rows (the report says which). */
  | { ok: false; said: Said; report?: SheetReport };

/**
 * Sends a catalog file to `POST /api/products.csv` and follows its progress as the server streams it (NDJSON
 * lines): the page shows a bar while a large file is checked and written. Never throws.
 */
export async function sendSheet(
  file: Blob,
  dryRun: boolean,
  onProgress: (progress: SheetProgress | null) => void,
): Promise<SheetAnswer> {
  try {
    onProgress(null);
    const res = await fetch(`/api/products.csv?dryRun=${dryRun}`, {
      method: "POST",
      headers: { "Content-Type": "text/csv", Accept: "application/x-ndjson" },
      body: file,
    });
    if (!res.ok || !res.body) return { ok: false, said: refusalOf(await res.json().catch(() => ({}))) };
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (value) buffered += value;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const text of lines.filter((l) => l.trim() !== "")) {
        const line = JSON.parse(text) as {
          progress?: SheetProgress;
          report?: SheetReport;
          error?: unknown;
        };
        if (line.progress) onProgress(line.progress);
        else if (line.error)
          return { ok: false, said: refusalOf(line.error), ...(line.report ? { report: line.report } : {}) };
        else if (line.report) return { ok: true, report: line.report };
      }
      if (done) return { ok: false, said: M.request.failed };
    }
  } catch {
    return { ok: false, said: M.request.network };
  }
}
