import { useTranslation } from "react-i18next";
import { useState } from "react";
import { Field, TextAreaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import type { ProductJson } from "~/lib/api-types";
import { formNumber } from "~/lib/form-data";
import { sendJson } from "~/lib/send-json";
import { showToast } from "~/lib/toast";
import { uploadImage } from "~/lib/upload-image";
import { fieldErrors, type FieldErrors } from "~/schemas/auth";
import { MAX_TEXT_LENGTH, ProductSchema, type ProductInput } from "~/schemas/product";

const TextFieldsSchema = ProductSchema.omit({ image: true });
const IMAGE_REQUIRED = "Image Is Required";

interface ProductFormProps {
  /** The product being edited; without it the form adds a new one. */
  product?: ProductJson;
  onSaved?: () => void;
}

function readFields(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    name: text("name"),
    price: formNumber(form.get("price")),
    Availability: formNumber(form.get("Availability")),
    minimumQuantity: formNumber(form.get("minimumQuantity")),
    desc: text("desc"),
    details: text("details"),
  };
}

/**
 * Add Product and its edit twin (spec §2, §5). The fields are checked with the server's schema first; then the
 * image goes up with a progress bar, and the product is saved with the address the upload answered.
 */
export function ProductForm({ product, onSaved }: ProductFormProps) {
  const [errors, setErrors] = useState<FieldErrors<ProductInput>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const editing = Boolean(product);
  const failure = editing ? "Failed to update product" : "Failed to add product";

  async function fail(message: string, field?: keyof ProductInput) {
    if (field) setErrors({ [field]: message });
    else setFormError(message);
    setBusy(false);
    setProgress(null);
    await showToast("error", failure);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const parsed = TextFieldsSchema.safeParse(readFields(form));
    const file = form.get("image");
    const chosen = file instanceof File && file.size > 0 ? file : null;
    const found: FieldErrors<ProductInput> = parsed.success ? {} : fieldErrors(parsed.error);
    if (!chosen && !product) found.image = IMAGE_REQUIRED;
    setErrors(found);
    setFormError(null);
    if (!parsed.success || Object.keys(found).length > 0) return;

    setBusy(true);
    let image = product?.image;
    if (chosen) {
      setProgress(0);
      const uploaded = await uploadImage(chosen, setProgress);
      if (!uploaded.ok) return fail(uploaded.message, "image");
      image = uploaded.body.url;
    }
    const body = { ...parsed.data, image };
    const saved = product
      ? await sendJson(`/api/product/${product._id}`, "PUT", body)
      : await sendJson<{ insertedId?: string }>("/api/product", "POST", body);
    if (!saved.ok) return fail(saved.message);
    setBusy(false);
    setProgress(null);
    await showToast("success", editing ? "Product updated" : "Product added succefully");
    if (!editing) formElement.reset();
    onSaved?.();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4">
      <Field
        label={t("admin.productName")}
        name="name"
        defaultValue={product?.name}
        maxLength={200}
        error={errors.name}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t("admin.priceTk")}
          name="price"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          defaultValue={product?.price}
          error={errors.price}
        />
        <Field
          label={t("admin.available")}
          name="Availability"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={product?.Availability}
          error={errors.Availability}
        />
        <Field
          label={t("admin.minimum")}
          name="minimumQuantity"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          defaultValue={product?.minimumQuantity}
          error={errors.minimumQuantity}
        />
      </div>
      <TextAreaField
        label={t("admin.description")}
        name="desc"
        rows={3}
        maxLength={MAX_TEXT_LENGTH}
        defaultValue={product?.desc}
        error={errors.desc}
      />
      <TextAreaField
        label={t("admin.details")}
        name="details"
        rows={3}
        maxLength={MAX_TEXT_LENGTH}
        defaultValue={product?.details}
        error={errors.details}
      />
      {product ? (
        <img
          src={product.image}
          alt={t("admin.currentImage")}
          width={160}
          height={120}
          className="rounded bg-paper object-contain"
        />
      ) : null}
      <Field
        label={product ? t("admin.newImage") : t("admin.image")}
        name="image"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        error={errors.image}
      />
      {progress !== null ? (
        <div className="space-y-1">
          <progress
            value={progress}
            max={100}
            aria-label={t("admin.uploadLabel")}
            className="w-full accent-forest-700"
          />
          <p className="text-sm text-stone-600">
            {progress < 100 ? t("admin.uploading", { percent: progress }) : t("admin.saving")}
          </p>
        </div>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-forest-700 px-5 py-2.5 font-semibold text-white hover:bg-forest-800 disabled:cursor-not-allowed disabled:bg-stone-400"
      >
        {editing ? t("admin.save") : t("admin.addProduct")}
      </button>
      <FormError message={formError ?? undefined} />
    </form>
  );
}
