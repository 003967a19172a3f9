import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { UPLOADED_IMAGE } from "@shared/image-sources";

/** An image read back from a store, ready to be streamed to a browser. */
export interface StoredImage {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** In bytes, when the store says. */
  size: number | undefined;
  lastModified: Date | undefined;
}

/** Where processed images are kept. The disk is the default; an S3-compatible bucket can take its place. */
export interface ImageStore {
  put(name: string, data: Buffer): Promise<void>;
  /** The address the browser loads the image from. */
  url(name: string): string;
  /** Whether it holds an image of that name (a spreadsheet's photo is one the store has already). */
  has(name: string): Promise<boolean>;
  /**
   * The image, read back for `/uploads/{name}`; null when there is none. Only a store the app streams through
   * has it: the disk store's files are served from DATA_DIR by the static-file server (server/http/static-files.ts).
   */
  get?: (name: string) => Promise<StoredImage | null>;
}

export const UPLOADS_PATH = "/uploads";

/** Files under `dir` (DATA_DIR/uploads), served by the store under /uploads/. */
export function createDiskImageStore(dir: string): ImageStore {
  return {
    async put(name, data) {
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const target = path.join(dir, name);
      const partial = `${target}.${process.pid}.part`;
      await writeFile(partial, data);
      await rename(partial, target);
    },
    url: (name) => `${UPLOADS_PATH}/${name}`,
    has: (name) =>
      stat(path.join(dir, path.basename(name))).then(
        (found) => found.isFile(),
        () => false,
      ),
  };
}

/**
 * An address shaped like an upload's that this store did not give: an image name under someone else's address.
 * `/uploads/{name}` is always the store's own, since /uploads/ is served from any store.
 */
export function isForeignUpload(store: ImageStore, address: string): boolean {
  const match = UPLOADED_IMAGE.exec(address);
  if (!match) return false;
  const name = address.slice(match[1]!.length + 1);
  return address !== `${UPLOADS_PATH}/${name}` && address !== store.url(name);
}
