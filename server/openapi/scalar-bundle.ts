import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

export type Encoding = "br" | "gzip";

export interface ScalarBundle {
  /** Content hash: the page asks for `?v=<version>`, so the script may be cached for good. */
  version: string;
  plain: Uint8Array<ArrayBuffer>;
  compressed(encoding: Encoding): Promise<Uint8Array<ArrayBuffer>>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

let bundle: ScalarBundle | undefined;

/**
 * Scalar's browser build from node_modules, read once. It is 3.5 MB, so it is compressed once per encoding (off
 * the main thread) rather than by the compression middleware on every request; quality 9, not 11, which takes
 * seconds for a file this size.
 */
export function scalarBundle(): ScalarBundle {
  if (bundle) return bundle;
  const file = createRequire(import.meta.url).resolve("@scalar/api-reference/browser/standalone.js");
  const plain = new Uint8Array(readFileSync(file));
  const packed = new Map<Encoding, Promise<Uint8Array<ArrayBuffer>>>();
  bundle = {
    version: createHash("sha256").update(plain).digest("hex").slice(0, 16),
    plain,
    compressed(encoding) {
      let result = packed.get(encoding);
      if (!result) {
        const packing =
          encoding === "br"
            ? brotli(plain, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
              })
            : gzipped(plain, { level: 9 });
        result = packing.then((buffer) => new Uint8Array(buffer));
        packed.set(encoding, result);
      }
      return result;
    },
  };
  return bundle;
}
