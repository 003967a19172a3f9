import fc from "fast-check";
import { pixelBombPng, pngImage } from "../images";
import { hostileHeaderValue, hostileText } from "./hostile-values";

/** What a fuzz case of POST /api/uploads carries in the `image` field (or another). */
type FileContent =
  | { kind: "photo" }
  | { kind: "photo, bytes changed"; changes: [number, number][] }
  | { kind: "photo, cut short"; at: number }
  | { kind: "random bytes"; bytes: number[] }
  | { kind: "empty" | "pixel bomb" | "over the size limit" | "SVG with a script" };

export type UploadCase =
  | { kind: "file"; field: string; content: FileContent; name: string; type: string }
  | { kind: "two files" }
  | { kind: "text instead of a file"; value: string }
  | { kind: "form cut short"; at: number }
  | { kind: "not a form"; body: string; contentType: string };

const PHOTO = await pngImage(40, 30);
const PIXEL_BOMB = pixelBombPng();
const OVER_THE_LIMIT = Buffer.alloc(5 * 1024 * 1024 + 1, 0x89);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const content: fc.Arbitrary<FileContent> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: "photo" as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("photo, bytes changed"),
      changes: fc.array(fc.tuple(fc.nat(PHOTO.length - 1), fc.nat(255)), { minLength: 1, maxLength: 8 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("photo, cut short"), at: fc.nat(PHOTO.length - 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("random bytes"), bytes: fc.array(fc.nat(255)) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constantFrom("empty", "pixel bomb", "over the size limit", "SVG with a script") }),
  },
);

export const uploadCases: fc.Arbitrary<UploadCase> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("file"),
      field: fc.oneof({ weight: 5, arbitrary: fc.constant("image") }, { weight: 1, arbitrary: hostileText }),
      content,
      name: fc.oneof(fc.constant("photo.png"), hostileText),
      type: fc.oneof(
        fc.constantFrom("image/png", "", "image/svg+xml", "text/html", "application/octet-stream"),
        hostileHeaderValue,
      ),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "two files" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("text instead of a file"), value: hostileText }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("form cut short"), at: fc.double({ min: 0, max: 1 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("not a form"),
      body: hostileText,
      contentType: fc.constantFrom(
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "application/json",
        "image/png",
      ),
    }),
  },
);

function bytesOf(c: FileContent): Uint8Array {
  switch (c.kind) {
    case "photo":
      return PHOTO;
    case "photo, bytes changed": {
      const bytes = Buffer.from(PHOTO);
      for (const [at, byte] of c.changes) bytes[at] = byte;
      return bytes;
    }
    case "photo, cut short":
      return PHOTO.subarray(0, c.at);
    case "random bytes":
      return new Uint8Array(c.bytes);
    case "empty":
      return new Uint8Array();
    case "pixel bomb":
      return PIXEL_BOMB;
    case "over the size limit":
      return OVER_THE_LIMIT;
    case "SVG with a script":
      return SVG;
  }
}

const photoForm = () => {
  const form = new FormData();
  form.set("image", new Blob([new Uint8Array(PHOTO)], { type: "image/png" }), "photo.png");
  return form;
};

/** The body and its content type; a form's type (with its boundary) is left to fetch. */
export async function renderUpload(
  c: UploadCase,
): Promise<{ body: FormData | Uint8Array<ArrayBuffer> | string; type?: string }> {
  switch (c.kind) {
    case "file": {
      const form = new FormData();
      form.set(c.field, new Blob([new Uint8Array(bytesOf(c.content))], { type: c.type }), c.name);
      return { body: form };
    }
    case "two files": {
      const form = photoForm();
      form.append("image", new Blob([new Uint8Array(PHOTO)], { type: "image/png" }), "second.png");
      return { body: form };
    }
    case "text instead of a file": {
      const form = new FormData();
      form.set("image", c.value);
      return { body: form };
    }
    case "form cut short": {
      const whole = new Response(photoForm());
      const bytes = new Uint8Array(await whole.arrayBuffer());
      return { body: bytes.subarray(0, Math.floor(c.at * bytes.length)), type: whole.headers.get("content-type")! };
    }
    case "not a form":
      return { body: c.body, type: c.contentType };
  }
}
