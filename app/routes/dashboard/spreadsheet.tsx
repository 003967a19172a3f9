import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { importCatalog } from "@server/catalog";
import { adminOnly } from "@server/context/actor";
import { AppError } from "@server/errors";
import { SHEET_COLUMNS, type SheetProgress, type SheetReport } from "@shared/catalog-sheet";
import { M, message, type Coded } from "@shared/messages";
import { SheetReportView } from "~/components/catalog/sheet-report";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { formOf } from "~/door/form-input.server";
import { act, besideField, load, unknownIntent, withRetryAfter } from "~/door/page-door.server";
import { metaTexts } from "~/i18n/meta";
import type { Said } from "~/i18n/use-message";
import { sheetText, useSheetT } from "~/i18n/use-sheet-t";
import { pageTitle } from "~/lib/site";
import { sendSheet } from "~/lib/send-sheet";
import { showToast } from "~/lib/toast";
import { useActionToast, type ActionResult } from "~/lib/use-action-toast";
import type { Route } from "./+types/spreadsheet";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(sheetText(metaTexts(matches).language, "sheetPage.title")) },
];

/** A refused file (the limit on imports) carries its Retry-After, as the API's answer does. */
export const headers = withRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  return load(args, async (ctx) => {
    adminOnly(await ctx.actor());
    return { columns: [...SHEET_COLUMNS] };
  });
}

/** `refused`: the file was sent to be imported and some of its rows were refused, so nothing was written. */
type SheetActionResult = ActionResult & { report?: SheetReport; refused?: boolean };

/**
 * What the toast says of a report: checked, or imported with how many tools were created and changed. By code: the
 * page translates it (the English texts stay on the server, out of every page's download).
 */
function saidOf(report: SheetReport): Coded {
  return report.applied
    ? { code: M.sheet.imported, params: { created: report.products.created, changed: report.products.changed } }
    : { code: M.sheet.checked };
}

/**
 * The form posted without JavaScript: the file checked (`intent=check`, a dry run) or imported, and its report
 * drawn on the page. A file refused as a whole is answered beside the file field; one with refused rows, 400 with
 * its report.
 */
export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const intent = form.get("intent");
  if (intent !== "check" && intent !== "import") return unknownIntent();
  const file = form.get("file");
  return act(
    args,
    async (ctx): Promise<SheetActionResult | ReturnType<typeof data<SheetActionResult>>> => {
      // A browser sends the file; a form posted by a program may send its text as the field's value.
      const csv = file instanceof Blob ? await file.text() : (file ?? "");
      try {
        const report = await importCatalog(ctx, csv, { dryRun: intent === "check" });
        const said = saidOf(report);
        return { report, toast: { kind: "success" as const, said: message(said.code, said.params), id: Date.now() } };
      } catch (err) {
        const report = err instanceof AppError ? (err.extra?.["report"] as SheetReport | undefined) : undefined;
        if (report) {
          return data<SheetActionResult>(
            { report, refused: true, toast: { kind: "error", said: (err as AppError).detail, id: Date.now() } },
            { status: 400 },
          );
        }
        throw besideField(err, "file");
      }
    },
    (result) => result,
    { fields: true },
  );
}

/**
 * Beyond the spec: the catalog as a spreadsheet (docs/catalog-spreadsheet.md). The export is a link; the import a
 * form that works without JavaScript (the report comes back as a page) and, with it, sends the file itself and
 * shows the progress of a large one.
 */
export default function Spreadsheet({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useSheetT();
  const navigation = useNavigation();
  const answer = actionData as SheetActionResult | undefined;
  useActionToast(answer);
  const [sent, setSent] = useState<{ report?: SheetReport; refused?: boolean; error?: Said } | null>(null);
  const [progress, setProgress] = useState<SheetProgress | null | undefined>(undefined);
  const busy = progress !== undefined || navigation.state !== "idle";
  const report = sent ? sent.report : answer?.report;
  const refused = sent ? sent.refused : answer?.refused;
  const fileError = sent ? sent.error : answer?.errors?.["file"];

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const file = (event.currentTarget.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    // No file chosen: the server says so beside the field, as without JavaScript; its answer, not the last file's.
    if (!file || !submitter) {
      setSent(null);
      return;
    }
    event.preventDefault();
    const answered = await sendSheet(file, submitter.value === "check", setProgress);
    setProgress(undefined);
    if (answered.ok) {
      setSent({ report: answered.report });
      void showToast("success", saidOf(answered.report));
    } else if (answered.report) {
      setSent({ report: answered.report, refused: true });
      void showToast("error", answered.said);
    } else setSent({ error: answered.said });
  }

  return (
    <Panel as="section" className="max-w-5xl">
      <h2 className="text-xl font-semibold text-wood-900">{t("sheetPage.title")}</h2>
      <p className="mt-1 text-stone-600">{t("sheetPage.intro")}</p>

      <h3 className="mt-6 text-lg font-semibold text-wood-900">{t("sheetPage.export")}</h3>
      <p className="mt-1 text-sm text-stone-600">{t("sheetPage.exportHint")}</p>
      <p className="mt-2">
        <a href="/api/products.csv" download className="font-semibold text-forest-700 underline">
          {t("sheetPage.exportLink")}
        </a>
      </p>

      <h3 className="mt-6 text-lg font-semibold text-wood-900">{t("sheetPage.import")}</h3>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-2 space-y-3"
      >
        <Field label={t("sheetPage.file")} name="file" type="file" accept=".csv,text/csv" error={fileError} />
        <p className="text-sm text-stone-600">{t("sheetPage.applyHint")}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="check" variant="secondary" disabled={busy}>
            {t("sheetPage.check")}
          </Button>
          <Button type="submit" name="intent" value="import" disabled={busy}>
            {t("sheetPage.apply")}
          </Button>
        </div>
        {progress !== undefined ? <ProgressBar progress={progress} /> : null}
      </Form>

      {report ? <SheetReportView report={report} refused={refused} /> : null}

      <details className="mt-6">
        <summary className="cursor-pointer font-semibold text-wood-900">{t("sheetPage.columns")}</summary>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {loaderData.columns.map((column) => (
            <div key={column} className="contents">
              <dt>
                <code className="font-semibold">{column}</code>
              </dt>
              <dd className="text-stone-700">{t(`sheetPage.docs.${column}`)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </Panel>
  );
}

function ProgressBar({ progress }: { progress: SheetProgress | null }) {
  const { t } = useSheetT();
  const label = progress
    ? t(progress.phase === "checking" ? "sheetPage.checking" : "sheetPage.writing", {
        done: progress.done,
        total: progress.total,
      })
    : t("sheetPage.sending");
  return (
    <div role="status" className="text-sm text-stone-700">
      <progress
        className="block w-full max-w-md"
        max={progress?.total ?? 1}
        value={progress ? progress.done : undefined}
        aria-label={label}
      />
      <span>{label}</span>
    </div>
  );
}
