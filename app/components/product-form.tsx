import { useAdminT } from "~/i18n/use-page-t";
import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, NumberField, SelectField, TextAreaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { poishaToTk } from "@shared/money";
import { fieldErrors } from "@shared/field-errors";
import { M } from "@shared/messages";
import { MAX_TEXT_LENGTH, maxNotBelowMinimum, ProductFields, type ProductFieldValues } from "@shared/schemas/product";
import type { CategoryView, EditableProductView } from "@shared/views";
import type { Said } from "~/i18n/use-message";
import { showToast } from "~/lib/toast";
import { uploadImage } from "~/lib/upload-image";
import type { ActionResult } from "~/lib/use-action-toast";

const TextFields = ProductFields.omit({ image: true }).refine(maxNotBelowMinimum.check, maxNotBelowMinimum.params);
/** A tool sold in sizes: its price, stock, minimum and weight are each variant's, not this form's. */
const SizedFields = ProductFields.omit({ image: true, price: true, availability: true, minimumQuantity: true });

type Errors = Partial<Record<keyof ProductFieldValues, Said>>;

interface ProductFormProps {
  /** The product being edited; without it the form adds a new one. */
  product?: EditableProductView;
  /** The shop's categories, for the product's own. */
  categories: CategoryView[];
  onSaved?: () => void;
}

/** Where a new product goes unless the admin chooses: "Other tools". */
const OTHER_SLUG = "other";

const number = (value: FormDataEntryValue | null) => (value === null || value === "" ? undefined : Number(value));

function readFields(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    name: text("name"),
    price: number(form.get("price")),
    availability: number(form.get("availability")),
    minimumQuantity: number(form.get("minimumQuantity")),
    maxPerOrder: form.get("maxPerOrder") === "" ? null : number(form.get("maxPerOrder")),
    lowStockThreshold: form.get("lowStockThreshold") === "" ? null : number(form.get("lowStockThreshold")),
    weight: form.get("weight") === "" ? undefined : number(form.get("weight")),
    description: text("description"),
    details: text("details"),
    categoryId: text("categoryId") || undefined,
    nameBn: text("nameBn"),
    descriptionBn: text("descriptionBn"),
    featured: form.getAll("featured").at(-1) === "true",
  };
}

/**
 * Add Product and its edit twin (spec §2, §5). The fields are checked with the server's schema first; then the
 * image goes up with a progress bar, and the route's action saves the product with the address the upload
 * answered.
 */
export function ProductForm({ product, categories, onSaved }: ProductFormProps) {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<Said | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const { t, language } = useAdminT();
  const editing = Boolean(product);
  // A tool sold in sizes has each one's price, stock, minimum and weight under Variants (variants-form.tsx).
  const sized = (product?.variantCount ?? 1) > 1;
  const failure = editing ? M.product.update_failed : M.product.add_failed;
  const busy = uploading || fetcher.state !== "idle";

  // What the action answered the last save, once it has answered: the fetcher's, or without JavaScript (the form
  // posted as a document) the page's own, with what was typed to draw the fields with again.
  const page = useActionData<ActionResult>();
  const typed = page?.values;
  const saved = fetcher.state === "idle" ? (fetcher.data ?? page) : undefined;
  const shownErrors: Errors = { ...(saved?.errors as Errors | undefined), ...errors };
  const shownFormError = formError ?? (saved?.toast?.kind === "error" ? saved.toast.said : null);
  // A field's name, its message, and what it starts with: as typed when the page answered a post, else as stored.
  const own = (name: keyof ProductFieldValues, stored?: string | number | null) => ({
    name,
    defaultValue: typed?.[name] ?? stored ?? undefined,
    error: shownErrors[name],
  });

  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.toast?.kind === "success") {
      void showToast("success", result.toast.said);
      if (!editing) formRef.current?.reset();
      onSaved?.();
    } else {
      void showToast("error", failure);
    }
  }, [fetcher.data]); // eslint-disable-line react-hooks/exhaustive-deps

  function fail(said: Said, field?: keyof ProductFieldValues) {
    if (field) setErrors({ [field]: said });
    else setFormError(said);
    setUploading(false);
    setProgress(null);
    void showToast("error", failure);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = readFields(form);
    const parsed = (sized ? SizedFields : TextFields).safeParse(fields);
    const file = form.get("image");
    const chosen = file instanceof File && file.size > 0 ? file : null;
    const found: Errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (!chosen && !product) found.image = M.product.image_required;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;

    let image = "";
    setProgress(chosen ? 0 : null);
    if (chosen) {
      setUploading(true);
      const uploaded = await uploadImage(chosen, setProgress);
      if (!uploaded.ok) return fail(uploaded.said, "image");
      image = uploaded.body.url;
      setUploading(false);
    }
    // The fields as typed (the action reads them as the schema does), with the stored image's address for the file.
    form.set("image", image);
    void fetcher.submit(form, { method: "post" });
  }

  return (
    // method="post": without JavaScript the fields are posted as a document (a new image needs the script's upload).
    <form ref={formRef} method="post" onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4">
      <Field label={t("adminPages.productName")} maxLength={200} {...own("name", product?.name)} />
      {sized ? (
        <p className="text-sm text-stone-600" data-testid="sized-note">
          {t("adminPages.sizedNote")}
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <NumberField
            label={t("adminPages.priceTk")}
            inputMode="decimal"
            min={0.01}
            step={0.01}
            {...own("price", product && poishaToTk(product.pricePoisha))}
          />
          <NumberField label={t("adminPages.available")} min={0} {...own("availability", product?.availability)} />
          <NumberField label={t("adminPages.minimum")} min={1} {...own("minimumQuantity", product?.minimumQuantity)} />
        </div>
      )}
      <NumberField
        label={t("adminPages.maxPerOrder")}
        min={1}
        placeholder={t("adminPages.maxPerOrderHint")}
        {...own("maxPerOrder", product?.maxPerOrder)}
      />
      <NumberField
        label={t("adminPages.lowStockThreshold")}
        min={0}
        placeholder={t("adminPages.lowStockThresholdHint")}
        {...own("lowStockThreshold", product?.lowStockThreshold)}
      />
      {sized ? null : (
        <NumberField
          label={t("adminPages.weight")}
          min={0}
          placeholder={t("adminPages.weightHint")}
          {...own("weight", product?.weightGrams)}
        />
      )}
      <TextAreaField
        label={t("adminPages.description")}
        rows={3}
        maxLength={MAX_TEXT_LENGTH}
        {...own("description", product?.description)}
      />
      <TextAreaField
        label={t("adminPages.details")}
        rows={3}
        maxLength={MAX_TEXT_LENGTH}
        {...own("details", product?.details)}
      />
      <SelectField
        label={t("adminPages.category")}
        {...own("categoryId", product?.categoryId ?? categories.find((c) => c.slug === OTHER_SLUG)?.id)}
      >
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {language === "bn" ? c.nameBn : c.nameEn}
          </option>
        ))}
      </SelectField>
      <p className="text-sm text-stone-600">{t("adminPages.bnHint")}</p>
      <Field label={t("adminPages.nameBn")} lang="bn" maxLength={200} {...own("nameBn", product?.nameBn)} />
      <TextAreaField
        label={t("adminPages.descriptionBn")}
        lang="bn"
        rows={3}
        maxLength={MAX_TEXT_LENGTH}
        {...own("descriptionBn", product?.descriptionBn)}
      />
      <div className="flex items-center gap-2">
        {/* Sent first, so that a cleared box still says so: the box's own value comes last (form-input.server.ts). */}
        <input type="hidden" name="featured" value="false" />
        <input
          id="featured"
          type="checkbox"
          name="featured"
          value="true"
          defaultChecked={typed ? typed.featured === "true" : (product?.featured ?? false)}
          className="size-4 accent-forest-700"
        />
        <label htmlFor="featured" className="text-sm font-semibold text-stone-700">
          {t("adminPages.featured")}
        </label>
      </div>
      {product ? (
        <img
          src={product.image}
          alt={t("adminPages.currentImage")}
          width={160}
          height={120}
          className="rounded bg-paper object-contain"
        />
      ) : null}
      <Field
        label={product ? t("adminPages.newImage") : t("adminPages.image")}
        name="image"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        error={shownErrors.image}
      />
      {progress !== null && busy ? (
        <div className="space-y-1">
          <progress
            value={progress}
            max={100}
            aria-label={t("adminPages.uploadLabel")}
            className="w-full accent-forest-700"
          />
          <p className="text-sm text-stone-600">
            {progress < 100 ? t("adminPages.uploading", { percent: progress }) : t("adminPages.saving")}
          </p>
        </div>
      ) : null}
      <Button type="submit" size="lg" pending={busy}>
        {editing ? t("adminPages.save") : t("adminPages.addProduct")}
      </Button>
      <FormError message={shownFormError} />
    </form>
  );
}
