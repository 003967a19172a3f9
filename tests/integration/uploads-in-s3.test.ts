import { existsSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProductJson } from "@server/catalog";
import { createApp } from "@server/app";
import { createLogger, type Logger } from "@server/log/logger";
import { createServices } from "@server/services";
import { IMAGE_WIDTHS, imageSources } from "@shared/image-sources";
import { asBearer, jsonInit, signUpAdmin, type TestAccount } from "../support/accounts";
import { freePort } from "../support/free-port";
import { pngImage } from "../support/images";
import { useS3StandIn } from "../support/s3-stand-in";
import { useTempDirs } from "../support/temp-dirs";
import { testConfig, useTestApp } from "../support/test-app";

const IMMUTABLE = "public, max-age=31536000, immutable";
const PUBLIC_URL = "https://images.randa.example/shop";
const UPLOADED = /^\/uploads\/([0-9a-f]{32})-800\.webp$/;

type Request = (path: string, init?: RequestInit) => Promise<Response>;

describe("uploaded images in an S3-compatible bucket (S3_BUCKET)", () => {
  const s3 = useS3StandIn();
  const t = useTestApp(() => s3.env);
  let admin: TestAccount;
  let side = 200;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
  });
  const tempDir = useTempDirs();

  /** Another copy of the store on the test's database, with a DATA_DIR of its own. */
  function storeCopy(env: Record<string, string>, log?: Logger) {
    const dataDir = tempDir("randa-copy-");
    const app = createApp({ services: createServices(t.database, testConfig(dataDir, env), log) });
    const request: Request = async (p, init) => app.request(p, init);
    return { dataDir, request };
  }

  /** A photo wider than the widest stored width that no earlier test uploaded, so its hash names new objects. */
  async function freshPhoto() {
    side += 7;
    return pngImage(900 + side, side);
  }

  async function upload(request: Request, photo: Buffer) {
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(photo)], { type: "image/png" }), "photo.png");
    return request("/api/uploads", { method: "POST", body: form, headers: asBearer(admin) });
  }

  async function uploadedUrl(request: Request) {
    const res = await upload(request, await freshPhoto());
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { url: string } }).data.url;
  }

  const nameOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);
  const productCount = async () => ((await (await t.request("/api/product")).json()) as ProductJson[]).length;

  function addProduct(request: Request, image: string) {
    const product = {
      name: `Bench Plane ${side}`,
      price: 2450,
      Availability: 12,
      minimumQuantity: 1,
      desc: "Flattens a bench top.",
      image,
    };
    return request("/api/product", jsonInit("POST", product, asBearer(admin)));
  }

  describe("without a public address", () => {
    it("puts each width in the bucket as WebP with its type and the immutable Cache-Control, and nothing on disk", async () => {
      const url = await uploadedUrl(t.request);
      const hash = UPLOADED.exec(url)?.[1];
      expect(hash, url).toBeDefined();
      expect(await s3.keys()).toEqual(expect.arrayContaining(IMAGE_WIDTHS.map((w) => `${hash}-${w}.webp`)));
      for (const width of IMAGE_WIDTHS) {
        const object = await s3.read(`${hash}-${width}.webp`);
        expect({ contentType: object.contentType, cacheControl: object.cacheControl }).toEqual({
          contentType: "image/webp",
          cacheControl: IMMUTABLE,
        });
        const meta = await sharp(object.body).metadata();
        expect({ format: meta.format, width: meta.width }).toEqual({ format: "webp", width });
      }
      expect(existsSync(path.join(t.services.dataDir, "uploads"))).toBe(false);
    });

    it("streams /uploads/{name} from the bucket with the headers the disk's files get; HEAD sends them alone", async () => {
      const photo = await freshPhoto();
      const fromBucket = ((await (await upload(t.request, photo)).json()) as { data: { url: string } }).data.url;
      const disk = storeCopy({});
      const fromDisk = ((await (await upload(disk.request, photo)).json()) as { data: { url: string } }).data.url;
      expect(fromDisk).toBe(fromBucket);

      const streamed = await t.request(fromBucket);
      const served = await disk.request(fromDisk);
      expect(streamed.status).toBe(200);
      const headers = (res: Response) =>
        ["content-type", "cache-control", "content-length"].map((name) => [name, res.headers.get(name)]);
      expect(headers(streamed)).toEqual(headers(served));
      expect(streamed.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(Date.parse(streamed.headers.get("last-modified") ?? "")).not.toBeNaN();
      const body = Buffer.from(await streamed.arrayBuffer());
      expect(body.equals((await s3.read(nameOf(fromBucket))).body)).toBe(true);
      expect(body.equals(Buffer.from(await served.arrayBuffer()))).toBe(true);

      const head = await t.request(fromBucket, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(body.length));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    });

    it("answers 404 for a name the bucket does not hold, and for any key the store never writes", async () => {
      // Someone else's object in the same bucket is not the store's to serve.
      await s3.write("private/notes.txt", "not an image");
      const missing = [`/uploads/${"0".repeat(32)}-800.webp`, "/uploads/private/notes.txt", "/uploads/"];
      for (const p of missing) expect((await t.request(p)).status, p).toBe(404);
    });

    it("refuses the same path tricks the disk's file server refuses", async () => {
      const photo = await freshPhoto();
      const url = ((await (await upload(t.request, photo)).json()) as { data: { url: string } }).data.url;
      const disk = storeCopy({});
      expect((await upload(disk.request, photo)).status).toBe(200);
      const name = nameOf(url);
      const encodedFirst = `%${name.charCodeAt(0).toString(16)}${name.slice(1)}`;
      const tricks = [
        `/uploads/${name}`,
        `/uploads/${encodedFirst}`,
        `/uploads//${name}`,
        `/uploads/x/../${name}`,
        `/uploads/%2e%2e/uploads/${name}`,
        `/uploads/x%2F..%2F${name}`,
        `/uploads/..%2Fuploads%2F${name}`,
        `/uploads/..%5C${name}`,
        `/uploads/${name}%00`,
        `/uploads/${name}/`,
        `/uploads/sub/${name}`,
        `/uploads/${name.toUpperCase()}`,
        "/uploads/..%2Fpglite%2FPG_VERSION",
      ];
      const statuses = async (request: Request) => Promise.all(tricks.map(async (p) => (await request(p)).status));
      const fromDisk = await statuses(disk.request);
      expect(fromDisk[0]).toBe(200);
      expect(fromDisk).toContain(404);
      const byPath = (answers: number[]) => Object.fromEntries(tricks.map((p, i) => [p, answers[i]]));
      expect(byPath(await statuses(t.request))).toEqual(byPath(fromDisk));
    });
  });

  it("serves, from a second copy of the store (same database and bucket, its own DATA_DIR), an image the first uploaded", async () => {
    const url = await uploadedUrl(t.request);
    const added = await addProduct(t.request, url);
    expect(added.status).toBe(200);
    const { insertedId } = (await added.json()) as { insertedId: string };

    const second = storeCopy(s3.env);
    const product = (await (await second.request(`/api/product/${insertedId}`)).json()) as ProductJson;
    expect(product.image).toBe(url);
    const res = await second.request(product.image);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals((await s3.read(nameOf(url))).body)).toBe(true);
    expect(existsSync(path.join(second.dataDir, "uploads"))).toBe(false);
    // What the bucket is for: a copy that keeps images on its own disk has never seen it.
    expect((await storeCopy({}).request(url)).status).toBe(404);
  });

  describe("with a public address (S3_PUBLIC_URL)", () => {
    it("answers the bucket's public address, which products keep and the page's srcset follows", async () => {
      const store = storeCopy({ ...s3.env, S3_PUBLIC_URL: `${PUBLIC_URL}/` });
      const url = await uploadedUrl(store.request);
      expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/[0-9a-f]{32}-800\\.webp$`));
      const name = nameOf(url);
      expect(await s3.keys()).toContain(name);
      expect((await s3.read(name)).cacheControl).toBe(IMMUTABLE);

      const added = await addProduct(store.request, url);
      expect(added.status).toBe(200);
      const { insertedId } = (await added.json()) as { insertedId: string };
      expect(((await (await store.request(`/api/product/${insertedId}`)).json()) as ProductJson).image).toBe(url);
      expect(imageSources(url).srcSet).toBe(
        IMAGE_WIDTHS.map((w) => `${PUBLIC_URL}/${name.replace("-800.", `-${w}.`)} ${w}w`).join(", "),
      );
      // Addresses the store gave before (/uploads/…) are still read from the bucket.
      expect((await store.request(`/uploads/${name}`)).status).toBe(200);
    });

    it("refuses, as a product's image, an upload's name under an address that is not this store's", async () => {
      const store = storeCopy({ ...s3.env, S3_PUBLIC_URL: PUBLIC_URL });
      const name = nameOf(await uploadedUrl(store.request));
      const before = await productCount();
      for (const [request, image] of [
        [store.request, `https://elsewhere.example/shop/${name}`],
        [store.request, `${PUBLIC_URL}/other/${name}`],
        // The store without a public address gave /uploads/… only.
        [t.request, `${PUBLIC_URL}/${name}`],
      ] as const) {
        const res = await addProduct(request, image);
        expect(res.status, image).toBe(400);
        expect(await res.json()).toMatchObject({ code: "product.image_not_ours" });
      }
      expect(await productCount()).toBe(before);
    });

    it("lets pages load images from the public address's origin (img-src), and only then", async () => {
      const imgSrc = async (request: Request) =>
        (await request("/no-such-page")).headers
          .get("content-security-policy")
          ?.split("; ")
          .find((d) => d.startsWith("img-src "));
      expect(await imgSrc(storeCopy({ ...s3.env, S3_PUBLIC_URL: PUBLIC_URL }).request)).toBe(
        "img-src 'self' data: https://images.randa.example",
      );
      expect(await imgSrc(t.request)).toBe("img-src 'self' data:");
    });
  });

  describe("when the bucket cannot be reached", () => {
    async function unreachableStore() {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const log = createLogger({ level: "error", format: "json", destination: sink });
      const store = storeCopy({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` }, log);
      return { ...store, lines };
    }

    it("fails the upload with a 502 and its message, logs why, and no product or file is made", async () => {
      const store = await unreachableStore();
      const before = await productCount();
      const res = await upload(store.request, await freshPhoto());
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        code: "upload.store_unreachable",
        message: "The image could not be stored just now. Please try again in a minute.",
      });
      expect(await productCount()).toBe(before);
      expect(existsSync(path.join(store.dataDir, "uploads"))).toBe(false);
      expect(store.lines.join("")).toContain("the image bucket failed to store an image");
      expect(store.lines.join("")).toContain("ECONNREFUSED");
    });

    it("answers /uploads/{name} with a 502, not a 404 that says the image is gone, nor a 500", async () => {
      const url = await uploadedUrl(t.request);
      const res = await (await unreachableStore()).request(url);
      expect(res.status).toBe(502);
      expect(res.headers.get("cache-control")).toBe("no-store");
    });
  });
});
