import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { productToEdit, updateProduct } from "@server/catalog";
import { uploadImage } from "@server/uploads";
import { M } from "@shared/messages";
import { MAX_ALT_LENGTH, MAX_PHOTOS, photoList, type Photo } from "@shared/photos";
import { imageSources } from "@shared/image-sources";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { formOf, photosFields, typedValues } from "~/door/form-input.server";
import { act, besideField, besideRows, load, succeeded, withRetryAfter } from "~/door/page-door.server";
import type { Said } from "~/i18n/use-message";
import { useMessage } from "~/i18n/use-message";
import { useAdminT } from "~/i18n/use-page-t";
import { pageTitle } from "~/lib/site";
import { useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/product-photos";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(`Photos of ${data?.product.name ?? "a tool"}`) },
];

/** A refused upload (the limit on uploads) carries its Retry-After, as the API's answer does. */
export const headers = withRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  return load(args, async (ctx) => {
    const product = await productToEdit(ctx, args.params.productId);
    return { product: { id: product.id, name: product.name, images: photoList(product) } };
  });
}

/**
 * Saves the photos as posted: their order, alt texts and removals, a photo moved by its Up or Down button, and a new
 * photo chosen in the file field, stored through the upload pipeline (WebP widths, refusal of bombs) first.
 */
export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const { productId } = args.params;
  const file = form.get("photo");
  return act(
    args,
    async (ctx) => {
      const added =
        file instanceof Blob && file.size > 0
          ? (await uploadImage(ctx, file).catch((err: unknown) => Promise.reject(besideField(err, "photo")))).url
          : null;
      const { images, fieldOf } = photosFields(form, added);
      return updateProduct(ctx, productId, { images }).catch((err: unknown) =>
        Promise.reject(besideRows(err, fieldOf)),
      );
    },
    () => succeeded(M.product.updated),
    { fields: true, values: typedValues(form) },
  );
}

/**
 * Beyond the spec: a tool's photos (up to 8), in the order the shop shows them, each with what it shows in both
 * languages. Works without JavaScript (Up and Down move a photo, the file field adds one); with it, a photo can also
 * be dragged to its place.
 */
export default function ProductPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  const { t } = useAdminT();
  useActionToast(actionData);
  return (
    <Panel as="section" className="max-w-3xl">
      <h2 className="text-xl font-semibold text-wood-900">{t("adminPages.photosTitle", { name: product.name })}</h2>
      <p className="mt-1 text-stone-600">{t("adminPages.photosHint")}</p>
      <p className="mt-1">
        <Link to={`/dashboard/manageproduct/${product.id}`} className="font-semibold text-forest-700 underline">
          {t("adminPages.backToProduct")}
        </Link>
      </p>
      {/* A new form whenever the saved photos change: its rows (and their dragged order) start from them again. */}
      <PhotosForm key={product.images.map((p) => p.url).join()} images={product.images} answer={actionData} />
    </Panel>
  );
}

function PhotosForm({ images, answer }: { images: Photo[]; answer: Route.ComponentProps["actionData"] }) {
  const { t } = useAdminT();
  const say = useMessage();
  const navigation = useNavigation();
  const typed = answer?.values;
  const errors = answer?.errors as Record<string, Said> | undefined;
  // The rows in their order on the page; dragging changes it (the form posts them in this order).
  const [order, setOrder] = useState(() => images.map((_, i) => i));
  const [dragged, setDragged] = useState<number | null>(null);
  const rows = order.filter((i) => i < images.length);
  const saving = navigation.state !== "idle";

  function drop(onto: number) {
    if (dragged === null || dragged === onto) return;
    setOrder((now) => {
      const next = now.filter((i) => i !== dragged);
      next.splice(next.indexOf(onto) + (now.indexOf(dragged) < now.indexOf(onto) ? 1 : 0), 0, dragged);
      return next;
    });
    setDragged(null);
  }

  return (
    <Form method="post" encType="multipart/form-data" noValidate className="mt-4 space-y-4">
      {errors?.photos ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {say(errors.photos)}
        </p>
      ) : null}
      <ol className="space-y-3" data-testid="photo-rows">
        {rows.map((i, position) => {
          const photo = images[i]!;
          const n = position + 1;
          const value = (field: string, stored: string | null) => typed?.[`photo.${i}.${field}`] ?? stored ?? "";
          return (
            <li
              key={photo.url}
              draggable
              onDragStart={() => setDragged(i)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => drop(i)}
              className={`grid gap-3 rounded-lg border p-3 sm:grid-cols-[8rem_1fr] ${
                dragged === i ? "border-forest-700 opacity-60" : "border-wood-100"
              }`}
              data-testid="photo-row"
            >
              <input type="hidden" name={`photo.${i}.url`} value={photo.url} />
              <img
                {...imageSources(photo.url)}
                sizes="8rem"
                alt=""
                width={128}
                height={96}
                className="aspect-[4/3] h-auto w-32 cursor-grab rounded bg-paper object-contain"
              />
              <div className="space-y-2">
                <Field
                  label={t("adminPages.photoAlt", { n })}
                  name={`photo.${i}.alt`}
                  defaultValue={value("alt", photo.alt)}
                  error={errors?.[`photo.${i}.alt`]}
                  maxLength={MAX_ALT_LENGTH}
                />
                <Field
                  label={t("adminPages.photoAltBn", { n })}
                  name={`photo.${i}.altBn`}
                  lang="bn"
                  defaultValue={value("altBn", photo.altBn)}
                  error={errors?.[`photo.${i}.altBn`]}
                  maxLength={MAX_ALT_LENGTH}
                />
                <div className="flex flex-wrap items-center gap-2">
                  <Button
                    type="submit"
                    name="move"
                    value={`up:${i}`}
                    variant="secondary"
                    size="sm"
                    disabled={position === 0}
                    aria-label={t("adminPages.photoUpLabel", { n })}
                  >
                    {t("adminPages.photoUp")}
                  </Button>
                  <Button
                    type="submit"
                    name="move"
                    value={`down:${i}`}
                    variant="secondary"
                    size="sm"
                    disabled={position === rows.length - 1}
                    aria-label={t("adminPages.photoDownLabel", { n })}
                  >
                    {t("adminPages.photoDown")}
                  </Button>
                  <input type="hidden" name={`photo.${i}.remove`} value="false" />
                  <input
                    id={`photo-${i}-remove`}
                    type="checkbox"
                    name={`photo.${i}.remove`}
                    value="true"
                    defaultChecked={typed?.[`photo.${i}.remove`] === "true"}
                    disabled={rows.length === 1}
                    className="size-4 accent-red-700"
                  />
                  <label htmlFor={`photo-${i}-remove`} className="text-sm text-stone-700">
                    {t("adminPages.removePhoto", { n })}
                  </label>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {rows.length < MAX_PHOTOS ? (
        <Field
          label={t("adminPages.addPhoto")}
          name="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          error={errors?.photo}
        />
      ) : null}
      <Button type="submit" pending={saving}>
        {t("adminPages.savePhotos")}
      </Button>
    </Form>
  );
}
