import "~/i18n/admin-messages";
import { useT } from "~/i18n/use-t";
import { Form, Link } from "react-router";
import { adminOnly } from "@server/context/actor";
import { addCategory, listCategories, removeCategory, renameCategory } from "@server/catalog";
import { M } from "@shared/messages";
import { MAX_CATEGORY_NAME_LENGTH } from "@shared/text-limits";
import type { CategoryView } from "@shared/views";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Cell, DataTable, rowClass } from "~/components/ui/data-table";
import { Field, NumberField } from "~/components/ui/field";
import { formNumber, formOf, formText } from "~/door/form-input.server";
import { act, load, succeeded, unknownIntent } from "~/door/page-door.server";
import { categoryView } from "~/door/views.server";
import { localTitle } from "~/i18n/meta";
import { useFormat } from "~/i18n/use-format";
import { useMessage } from "~/i18n/use-message";
import { useActionToast, type ActionResult } from "~/lib/use-action-toast";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "categories.title") }];

/** "Other tools" is where products without a category sit: it can be renamed, never removed. */
const OTHER_SLUG = "other";

export async function loader(args: Route.LoaderArgs) {
  // Asked here too: a data request can name this route alone, without the admin layout above it.
  return load(args, async (ctx, actor) => {
    adminOnly(actor);
    return { categories: (await listCategories(ctx)).map(categoryView) };
  });
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const names = {
    nameEn: formText(form.get("nameEn")),
    nameBn: formText(form.get("nameBn")),
    position: formNumber(form.get("position")),
  };
  const categoryId = form.get("categoryId");
  switch (form.get("intent")) {
    case "add":
      return act(
        args,
        (ctx) => addCategory(ctx, names),
        () => succeeded(M.category.added),
      );
    case "rename":
      return act(
        args,
        (ctx) => renameCategory(ctx, categoryId, names),
        () => succeeded(M.category.renamed),
      );
    case "remove":
      return act(
        args,
        (ctx) => removeCategory(ctx, categoryId),
        () => succeeded(M.category.removed),
      );
    default:
      return unknownIntent();
  }
}

const inputClass = "w-full min-w-24 rounded-md border border-stone-300 bg-white px-2 py-1.5";
/** A category's name, in either language. */
const NAME = { required: true, maxLength: MAX_CATEGORY_NAME_LENGTH } as const;
/** Where a category stands in the shop's list: 0 first. */
const POSITION = { name: "position", type: "number", inputMode: "numeric", min: 0, max: 1000, step: 1 } as const;

/** Beyond the spec: the shop's categories, with their product counts; admins add, rename and remove them. */
export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { t } = useT();
  const format = useFormat();
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t("categories.title")}</h2>
      <p className="mt-1 text-stone-600">{t("categories.lead")}</p>
      <ResultWithoutScript result={actionData} />
      <AddCategoryForm />
      <DataTable
        headers={[
          t("categories.nameEn"),
          t("categories.nameBn"),
          t("categories.position"),
          t("categories.products"),
          t("categories.save"),
          t("categories.remove"),
        ]}
        minWidth={760}
      >
        {loaderData.categories.map((c) => (
          <CategoryRow key={c.id} category={c} products={format.count(c.products)} />
        ))}
      </DataTable>
    </section>
  );
}

/** Without JavaScript no toast appears: the page that answers the form says the outcome itself. */
function ResultWithoutScript({ result }: { result: ActionResult | undefined }) {
  const message = useMessage();
  const toast = result?.toast;
  if (!toast) return null;
  return (
    <noscript>
      <p
        role={toast.kind === "error" ? "alert" : "status"}
        className={`mt-3 rounded-md px-3 py-2 font-semibold ${toast.kind === "error" ? "bg-red-50 text-red-800" : "bg-forest-100 text-forest-800"}`}
      >
        {message(toast.said)}
      </p>
    </noscript>
  );
}

function AddCategoryForm() {
  const { t } = useT();
  return (
    <Form
      method="post"
      className="mt-4 grid gap-3 rounded-xl border border-wood-100 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end"
    >
      <input type="hidden" name="intent" value="add" />
      <Field label={t("categories.nameEn")} name="nameEn" {...NAME} />
      <Field label={t("categories.nameBn")} name="nameBn" {...NAME} lang="bn" />
      <NumberField label={t("categories.position")} {...POSITION} placeholder={t("categories.positionHint")} />
      <Button type="submit" size="sm">
        {t("categories.add")}
      </Button>
    </Form>
  );
}

/**
 * One category: its names and position as a rename form (the inputs sit in the row's cells and belong to the form
 * in the Save cell through their `form` attribute, since a form cannot wrap a table row), and Remove.
 */
function CategoryRow({ category: c, products }: { category: CategoryView; products: string }) {
  const { t, language } = useT();
  const formId = `rename-${c.id}`;
  const name = language === "bn" ? c.nameBn : c.nameEn;
  return (
    <tr className={rowClass} data-category={c.slug}>
      <RowInput form={formId} name="nameEn" {...NAME} defaultValue={c.nameEn} aria-label={t("categories.nameEn")} />
      <RowInput
        form={formId}
        name="nameBn"
        lang="bn"
        {...NAME}
        defaultValue={c.nameBn}
        aria-label={t("categories.nameBn")}
      />
      <RowInput
        form={formId}
        {...POSITION}
        defaultValue={c.position}
        aria-label={t("categories.position")}
        className="w-24"
      />
      <Cell className="whitespace-nowrap">
        <span data-testid="product-count">{products}</span>{" "}
        <Link to={`/shop?category=${encodeURIComponent(c.slug)}`} className="text-sm text-forest-700 underline">
          {t("categories.inShop")}
        </Link>
      </Cell>
      <Cell>
        <Form method="post" id={formId}>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="categoryId" value={c.id} />
          <Button type="submit" size="sm" title={t("categories.renameLabel", { name })}>
            {t("categories.save")}
          </Button>
        </Form>
      </Cell>
      <Cell>
        {c.slug === OTHER_SLUG ? (
          <span className="text-stone-500">{t("categories.alwaysKept")}</span>
        ) : (
          <ConfirmDialog
            trigger={t("categories.remove")}
            triggerClassName={buttonClass({ variant: "danger", size: "sm" })}
            question={t("categories.removeQuestion", { name })}
            confirmLabel={t("admin.yes")}
            cancelLabel={t("admin.no")}
            fields={{ intent: "remove", categoryId: c.id }}
          />
        )}
      </Cell>
    </tr>
  );
}

/** A rename field in its cell, belonging to the row's form through its `form` attribute. */
function RowInput({ className, ...input }: React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Cell>
      <input {...input} className={className ? `${inputClass} ${className}` : inputClass} />
    </Cell>
  );
}
