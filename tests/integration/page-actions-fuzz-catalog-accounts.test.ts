import { randomUUID } from "node:crypto";
import { like, or } from "drizzle-orm";
import { category } from "@server/db/schema";
import { insertCategory } from "@server/catalog/sql/category-rows";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzPageActions } from "../support/fuzz/page-action-suite";
import { aCustomer, anAdmin, aProduct, type Scene } from "../support/page-scenes";

fuzzPageActions("the shop’s catalog and accounts", (t) => {
  const newProduct = {
    name: "Fuzzed Gauge",
    price: "100",
    availability: "10",
    minimumQuantity: "1",
    maxPerOrder: "5",
    description: "A gauge.",
    image: "/images/products/marking-gauge.svg",
  };
  /**
   * A fresh tag for names no category has yet, and an empty category to rename or remove. The categories earlier
   * scenes and posts made go first: the page lists every category, and a list that grew with each run would make
   * each post slower than the one before.
   */
  const aCategory = async () => {
    await t.database.db.delete(category).where(or(like(category.nameEn, "Shelf %"), like(category.nameEn, "Fuzzed %")));
    const tag = randomUUID().slice(0, 8);
    const { id } = await insertCategory(t.database.db, { nameEn: `Shelf ${tag}`, nameBn: `তাক ${tag}` });
    return { categoryId: id, tag };
  };
  const categoryForm = (intent: string) => (s: Scene) => ({
    intent,
    categoryId: s.categoryId!,
    nameEn: `Fuzzed ${s.tag}`,
    nameBn: `ফাজ ${s.tag}`,
    position: "5",
  });
  /** Edit Product's variants form: two widths, their SKUs the product's own, and a blank row. */
  const sizesForm = (s: Record<string, string>) => ({
    intent: "variants",
    "option.0.name": "Width",
    "option.0.values": "6 mm, 12 mm",
    "variant.0.sku": `PF-${s.productId!.slice(0, 8)}-0`,
    "variant.0.value.0": "6 mm",
    "variant.0.price": "450",
    "variant.0.stock": "100",
    "variant.0.minimum": "20",
    "variant.1.sku": `PF-${s.productId!.slice(0, 8)}-1`,
    "variant.1.value.0": "12 mm",
    "variant.1.price": "520",
    "variant.1.stock": "60",
    "variant.1.minimum": "20",
    "variant.2.sku": "",
    "variant.2.price": "",
  });
  /**
   * The catalog spreadsheet's form with the file's text as the field's value: a new tool of a SKU no other post has
   * given, drawn afresh for each post (a done import keeps its SKU, which no later row may give again).
   */
  const sheetForm = (intent: string) => () => {
    const sku = `FZ-${randomUUID().slice(0, 13)}`;
    const file = [
      "product_id,name,description,category,images,sku,price,stock,minimum_quantity",
      `,Fuzzed Saw ${sku},A saw,other,marking-gauge.svg,${sku},1250.50,40,20`,
    ].join("\r\n");
    return { intent, file };
  };
  // prettier-ignore
  return [
    { call: "POST /dashboard/addproduct",                     as: "admin", fields: () => newProduct },
    { call: "POST /dashboard/manageproduct/{id} (edit)",      as: "admin", scene: () => aProduct(t), id: (s) => s.productId!, fields: () => ({ name: "Renamed Gauge", availability: "5" }) },
    { call: "POST /dashboard/manageproduct/{id} (variants)",  as: "admin", scene: () => aProduct(t), id: (s) => s.productId!, fields: sizesForm },
    { call: "POST /dashboard/admin (promote)",                as: "admin", scene: () => aCustomer(t), fields: (s) => ({ intent: "promote", email: s.email! }) },
    { call: "POST /dashboard/admin (demote)",                 as: "admin", scene: () => anAdmin(t), fields: (s) => ({ intent: "demote", email: s.email! }) },
    { call: "POST /dashboard/admin (delete)",                 as: "admin", scene: () => aCustomer(t), fields: (s) => ({ intent: "delete", email: s.email! }) },
    { call: "POST /dashboard/manageproduct (delete)",         as: "admin", scene: () => aProduct(t), fields: (s) => ({ productId: s.productId! }) },
    { call: "POST /dashboard/categories (add)",               as: "admin", scene: aCategory, fields: categoryForm("add") },
    { call: "POST /dashboard/categories (rename)",            as: "admin", scene: aCategory, fields: categoryForm("rename") },
    { call: "POST /dashboard/categories (remove)",            as: "admin", scene: aCategory, fields: categoryForm("remove") },
    // Each file checked or imported counts against the import limit, refused or not (server/limits/).
    { call: "POST /dashboard/spreadsheet (check)",            as: "admin", fields: sheetForm("check"), ignored: CALLS_COUNTED },
    { call: "POST /dashboard/spreadsheet (import)",           as: "admin", fields: sheetForm("import"), ignored: CALLS_COUNTED },
  ];
});
