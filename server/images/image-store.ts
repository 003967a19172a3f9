import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where processed images are kept. The disk is the default; an S3-compatible bucket can take its place. */
export interface ImageStore {
  put(name: string, data: Buffer): Promise<void>;
  /** The address the browser loads the image from. */
  url(name: string): string;
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
  };
}
