import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { category, OTHER_CATEGORY_ID, product } from "@server/db/schema";
import { asCookie, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { makeProduct } from "../support/orders";
import { usePageApp } from "../support/page-app";

const suffix = () => randomUUID().slice(0, 6);

/** The admin's Categories screen and the product form's new fields, posted as forms (no JavaScript needed). */
describe("categories in the admin's pages", () => {
  const t = usePageApp();
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
  });

  describe("the Categories screen", () => {
    async function page(path: string, headers: Record<string, string> = asCookie(admin)) {
      const res = await t.request(path, { headers });
      return { status: res.status, html: await res.text() };
    }

    /** The screen's row of the category with this slug. */
    async function rowOf(slug: string, headers?: Record<string, string>) {
      const { status, html } = await page("/dashboard/categories", headers);
      expect(status).toBe(200);
      return [...html.matchAll(/<tr[\s>][\s\S]*?<\/tr>/g)]
        .map((m) => m[0])
        .find((r) => r.includes(`data-category="${slug}"`));
    }

    const post = (fields: Record<string, string | string[]>, as = admin) =>
      t.postForm("/dashboard/categories", fields, as).then(readAnswer);

    const stored = async (where: { slug?: string; id?: string }) => {
      const [row] = await t.database.db
        .select()
        .from(category)
        .where(where.id ? eq(category.id, where.id) : eq(category.slug, where.slug!));
      return row;
    };

    it("lists each category with its names, position and product count, and offers Remove on all but Other tools", async () => {
      const s = suffix();
      const answer = await post({ intent: "add", nameEn: `Chisels ${s}`, nameBn: `বাটালি ${s}`, position: "10" });
      expect(answer).toMatchObject({ status: 200, done: true, toast: { kind: "success", message: "Category added" } });
      const made = (await stored({ slug: `chisels-${s}` }))!;
      await makeProduct(t, { categoryId: made.id });
      await makeProduct(t, { categoryId: made.id });

      const row = (await rowOf(made.slug))!;
      expect(row).toContain(`value="Chisels ${s}"`);
      expect(row).toContain(`value="বাটালি ${s}"`);
      expect(row).toContain('value="10"');
      expect(row).toMatch(/data-testid="product-count">2</);
      expect(row).toContain(`href="/shop?category=${made.slug}"`);
      expect(row).toContain('name="intent" value="rename"');
      expect(row).toContain("Remove");
      const other = (await rowOf("other"))!;
      expect(other).toContain("Always kept");
      expect(other).not.toContain('value="remove"');
    });

    it("speaks Bangla on a Bangla page", async () => {
      const { html } = await page("/dashboard/categories", {
        ...asCookie(admin),
        Cookie: `${admin.cookie}; randa.lang=bn`,
      });
      expect(html).toContain("বিভাগ যোগ করুন");
      expect(html).toContain("সবসময় থাকে");
    });

    it("is for admins: a customer is refused with 403", async () => {
      const customer = await signUp(t);
      expect((await page("/dashboard/categories", asCookie(customer))).status).toBe(403);
      const answer = await post({ intent: "add", nameEn: `Saws ${suffix()}`, nameBn: `করাত ${suffix()}` }, customer);
      expect(answer.status).toBe(403);
      expect(answer.done).toBe(false);
    });

    it("refuses an empty or taken name with its message, and adds nothing", async () => {
      const s = suffix();
      expect(await post({ intent: "add", nameEn: "", nameBn: `নাম ${s}` })).toMatchObject({
        status: 400,
        toast: { kind: "error", message: "English Name Is Required" },
      });
      await post({ intent: "add", nameEn: `Clamps ${s}`, nameBn: `ক্ল্যাম্প ${s}` });
      expect(await post({ intent: "add", nameEn: `CLAMPS ${s}`, nameBn: `অন্য ${s}` })).toMatchObject({
        status: 409,
        toast: { kind: "error", message: "A category already has that name" },
      });
      expect(await post({ intent: "add", nameEn: `Vices ${s}`, nameBn: `নাম ${s}`, position: "x" })).toMatchObject({
        status: 400,
        toast: { message: "Position must be a whole number from 0 to 1000" },
      });
      expect(await stored({ slug: `clamps-${s}-2` })).toBeUndefined();
      expect(await stored({ slug: `vices-${s}` })).toBeUndefined();
    });

    it("renames a category and keeps its slug; an empty position keeps its place", async () => {
      const s = suffix();
      await post({ intent: "add", nameEn: `Planes ${s}`, nameBn: `রান্দা ${s}`, position: "20" });
      const made = (await stored({ slug: `planes-${s}` }))!;
      const answer = await post({
        intent: "rename",
        categoryId: made.id,
        nameEn: `Hand planes ${s}`,
        nameBn: `হাতের রান্দা ${s}`,
        position: "",
      });
      expect(answer).toMatchObject({ status: 200, done: true, toast: { message: "Category renamed" } });
      expect(await stored({ id: made.id })).toMatchObject({
        slug: `planes-${s}`,
        nameEn: `Hand planes ${s}`,
        nameBn: `হাতের রান্দা ${s}`,
        position: 20,
      });
    });

    it("refuses to remove a category that holds products, or Other tools; removes an empty one", async () => {
      const s = suffix();
      await post({ intent: "add", nameEn: `Saws ${s}`, nameBn: `করাত ${s}` });
      const made = (await stored({ slug: `saws-${s}` }))!;
      const held = await makeProduct(t, { categoryId: made.id });

      expect(await post({ intent: "remove", categoryId: made.id })).toMatchObject({
        status: 409,
        toast: { kind: "error", message: "This category still has 1 products: move them to another category first" },
      });
      expect(await stored({ id: made.id })).toBeDefined();
      expect(await post({ intent: "remove", categoryId: OTHER_CATEGORY_ID })).toMatchObject({
        status: 409,
        toast: { message: "Other tools stays: products without a category sit there" },
      });

      await t.database.db.delete(product).where(eq(product.id, held.id));
      expect(await post({ intent: "remove", categoryId: made.id })).toMatchObject({
        status: 200,
        done: true,
        toast: { kind: "success", message: "Category removed" },
      });
      expect(await stored({ id: made.id })).toBeUndefined();
      expect(await rowOf(made.slug)).toBeUndefined();
      expect(await post({ intent: "remove", categoryId: made.id })).toMatchObject({
        status: 404,
        toast: { message: "Category not found" },
      });
    });

    it("answers a form it does not know with 400", async () => {
      expect(await post({ intent: "rearrange" })).toMatchObject({ status: 400, toast: { message: "Unknown action" } });
    });
  });

  describe("Add and Edit Product: category, Bangla texts, featured", () => {
    let chisels: { id: string; slug: string };
    let planes: { id: string; slug: string };

    beforeAll(async () => {
      const s = suffix();
      const made = await t.database.db
        .insert(category)
        .values([
          { slug: `chisels-${s}`, nameEn: `Chisels ${s}`, nameBn: `বাটালি ${s}`, position: 10 },
          { slug: `planes-${s}`, nameEn: `Planes ${s}`, nameBn: `রান্দা ${s}`, position: 20 },
        ])
        .returning({ id: category.id, slug: category.slug });
      [chisels, planes] = [made[0]!, made[1]!];
    });

    const fields = (name: string) => ({
      name,
      price: "950",
      availability: "400",
      minimumQuantity: "20",
      maxPerOrder: "",
      description: "Pares end grain.",
      details: "",
      image: "/images/products/marking-gauge.svg",
    });

    const byName = async (name: string) =>
      (await t.database.db.select().from(product).where(eq(product.name, name)))[0];

    it("offers the categories in Add Product, Other tools chosen, with the Bangla fields and Featured", async () => {
      const html = await (await t.request("/dashboard/addproduct", { headers: asCookie(admin) })).text();
      expect(html).toMatch(/<select[^>]*name="categoryId"/);
      expect(html).toContain(`<option value="${chisels.id}">Chisels`);
      expect(html).toMatch(new RegExp(`<option value="${OTHER_CATEGORY_ID}" selected="">Other tools`));
      expect(html).toContain('name="nameBn"');
      expect(html).toContain('name="descriptionBn"');
      expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*name="featured"[^>]*value="true"/);
      const bn = await (
        await t.request("/dashboard/addproduct", {
          headers: { ...asCookie(admin), Cookie: `${admin.cookie}; randa.lang=bn` },
        })
      ).text();
      expect(bn).toContain(`<option value="${chisels.id}">বাটালি`);
      expect(bn).toContain("হোম পেজে বাছাই করা পণ্য");
    });

    it("adds a product in a category with its Bangla texts, featured; Edit Product shows and changes them", async () => {
      const name = `Paring Chisel ${suffix()}`;
      const add = await readAnswer(
        await t.postForm(
          "/dashboard/addproduct",
          {
            ...fields(name),
            categoryId: chisels.id,
            nameBn: "পেয়ারিং বাটালি",
            descriptionBn: "শেষ আঁশ চাঁছে।",
            featured: ["false", "true"],
          },
          admin,
        ),
      );
      expect(add).toMatchObject({ status: 200, done: true, toast: { message: "Product added succefully" } });
      const row = (await byName(name))!;
      expect(row).toMatchObject({
        categoryId: chisels.id,
        nameBn: "পেয়ারিং বাটালি",
        descriptionBn: "শেষ আঁশ চাঁছে।",
        featured: true,
      });

      const edit = await (await t.request(`/dashboard/manageproduct/${row.id}`, { headers: asCookie(admin) })).text();
      expect(edit).toContain(`<option value="${chisels.id}" selected="">`);
      expect(edit).toContain('value="পেয়ারিং বাটালি"');
      expect(edit).toContain("শেষ আঁশ চাঁছে।");
      expect(edit).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);

      // The box cleared: only the hidden "false" is sent. The Bangla texts emptied: none.
      const changed = await readAnswer(
        await t.postForm(
          `/dashboard/manageproduct/${row.id}`,
          { ...fields(name), categoryId: planes.id, nameBn: "", descriptionBn: "", featured: "false" },
          admin,
        ),
      );
      expect(changed).toMatchObject({ status: 200, done: true });
      expect(await byName(name)).toMatchObject({
        categoryId: planes.id,
        nameBn: null,
        descriptionBn: null,
        featured: false,
      });

      // A form without the box at all leaves the mark as it is.
      await t.database.db.update(product).set({ featured: true }).where(eq(product.id, row.id));
      await t.postForm(`/dashboard/manageproduct/${row.id}`, { ...fields(name), categoryId: planes.id }, admin);
      expect((await byName(name))?.featured).toBe(true);
    });

    it("shows an unknown category, or a bad Bangla name, under its field", async () => {
      const name = `Skew Chisel ${suffix()}`;
      const unknown = await readAnswer(
        await t.postForm("/dashboard/addproduct", { ...fields(name), categoryId: randomUUID() }, admin),
      );
      expect(unknown).toMatchObject({ status: 400, formErrors: { categoryId: "Choose a category" } });
      const long = await readAnswer(
        await t.postForm("/dashboard/addproduct", { ...fields(name), nameBn: "ক".repeat(201) }, admin),
      );
      expect(long).toMatchObject({ status: 400, formErrors: { nameBn: "Bangla Name can be at most 200 characters" } });
      const featured = await readAnswer(
        await t.postForm("/dashboard/addproduct", { ...fields(name), featured: "on" }, admin),
      );
      expect(featured).toMatchObject({ status: 400, formErrors: { featured: "Featured must be true or false" } });
      expect(await byName(name)).toBeUndefined();
    });

    it("names the product's category on its page, as a link to the shop's shelf, in the visitor's language", async () => {
      const { id } = await makeProduct(t, { categoryId: planes.id });
      const en = await (await t.request(`/detail/${id}`)).text();
      expect(en).toMatch(new RegExp(`<a[^>]*href="/shop\\?category=${planes.slug}"[^>]*>Planes`));
      const bn = await (await t.request(`/detail/${id}`, { headers: { Cookie: "randa.lang=bn" } })).text();
      expect(bn).toMatch(new RegExp(`<a[^>]*href="/shop\\?category=${planes.slug}"[^>]*>রান্দা`));
    });
  });
});
