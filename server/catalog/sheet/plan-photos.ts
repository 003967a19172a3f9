import type { SheetColumn } from "@shared/catalog-sheet";
import { M, type MessageCode, type MessageParams } from "@shared/messages";
import { MAX_PHOTOS, photoList, type Photo } from "@shared/photos";
import type { ProductRow, VariantRow } from "../../db/schema";
import type { Catalog } from "./plan-types";

/** The last part of an address or a path (`/uploads/x-800.webp` → `x-800.webp`): the file name the store knows. */
export function fileName(cell: string): string {
  return cell.trim().split("/").pop() ?? "";
}

/** The `images` cell: file names between `|`; empty leaves the photos as they are. Alt texts stay with their photo. */
export function photosOf(
  cellText: string,
  existing: (ProductRow & { variants: VariantRow[] }) | undefined,
  catalog: Catalog,
  line: number,
  refuse: (line: number, column: SheetColumn | null, code: MessageCode, params?: MessageParams) => void,
): Photo[] | undefined {
  const names = cellText
    .split("|")
    .map(fileName)
    .filter((n) => n !== "");
  if (names.length === 0) return undefined;
  const before = existing ? photoList(existing) : [];
  const photos: Photo[] = [];
  for (const name of names) {
    const url = catalog.imageUrl.get(name);
    if (!url) {
      refuse(line, "images", M.sheet.image_unknown, { name: name.slice(0, 80) });
      return undefined;
    }
    const was = before.find((p) => p.url === url);
    photos.push({ url, alt: was?.alt ?? null, altBn: was?.altBn ?? null });
  }
  if (photos.length > MAX_PHOTOS) refuse(line, "images", M.photo.too_many);
  else if (new Set(photos.map((p) => p.url)).size !== photos.length) refuse(line, "images", M.photo.repeat);
  else return photos;
  return undefined;
}
