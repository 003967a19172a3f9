import { CategorySchema } from "@shared/schemas/category";
import { jsonBody } from "../http/json-body";
import { DeletedCount, InsertedId } from "../openapi/common-answers";
import { ADMINS_ONLY, BAD_INPUT, id } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import * as categories from "./categories";
import { CategoryJson, CategoryList, CategoryRenamed, categoryJson } from "./wire";

const CategoryInput = named("CategoryInput", CategorySchema);

/** The shop's categories: anyone lists them, admins add, rename and remove them. */
export const categoryCalls = [
  apiCall({
    method: "get",
    path: "/api/category",
    operationId: "listCategories",
    tag: "categories",
    summary: "List the categories",
    description:
      "In the shop's order (`position`, then the English name), each with how many products it holds. A product " +
      "names its category by `categoryId`; `/shop?category={slug}` and `GET /api/product?category={slug}` filter by it.",
    who: "anyone",
    session: "none",
    keptWhole: "catalog",
    answers: { 200: json(CategoryList, "Every category.") },
    handler: async (c) => c.json((await categories.listCategories(c.get("ctx"))).map(categoryJson)),
  }),
  apiCall({
    method: "get",
    path: "/api/category/{id}",
    operationId: "getCategory",
    tag: "categories",
    summary: "Read one category",
    description:
      "By its id or its slug (`chisels`), with how many products it holds: what a shop page's heading shows.",
    who: "anyone",
    session: "none",
    params: { id: { description: "The category's id, or its slug.", example: "chisels" } },
    answers: {
      200: json(CategoryJson, "The category."),
      404: refused("No category has that id or slug."),
    },
    handler: async (c) => c.json(categoryJson(await categories.categoryNamed(c.get("ctx"), c.req.param("id")))),
  }),
  apiCall({
    method: "post",
    path: "/api/category",
    operationId: "addCategory",
    tag: "categories",
    summary: "Add a category",
    description:
      "Its slug comes from the English name (a number is added when another category holds it). Without a " +
      "`position` it goes last, before Other tools.",
    who: "admin",
    session: "required",
    body: jsonInput(CategoryInput),
    answers: {
      200: json(InsertedId, "The new category's id."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
      409: refused("Another category has that name, in English (whatever the case) or in Bangla."),
    },
    handler: async (c) => {
      const added = await categories.addCategory(c.get("ctx"), await jsonBody(c));
      return c.json({ insertedId: added.id });
    },
  }),
  apiCall({
    method: "put",
    path: "/api/category/{id}",
    operationId: "renameCategory",
    tag: "categories",
    summary: "Rename a category",
    description: "Both names, and the position when sent; the slug stays, so links to the category keep working.",
    who: "admin",
    session: "required",
    params: { id: id("category") },
    body: jsonInput(CategoryInput),
    answers: {
      200: json(CategoryRenamed, "Renamed."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
      404: refused("No such category."),
      409: refused("Another category has that name."),
    },
    handler: async (c) => {
      await categories.renameCategory(c.get("ctx"), c.req.param("id"), await jsonBody(c));
      return c.json({ acknowledged: true, modifiedCount: 1 });
    },
  }),
  apiCall({
    method: "delete",
    path: "/api/category/{id}",
    operationId: "removeCategory",
    tag: "categories",
    summary: "Remove an empty category",
    who: "admin",
    session: "required",
    params: { id: id("category") },
    answers: {
      200: json(DeletedCount, "Removed."),
      403: refused(ADMINS_ONLY),
      404: refused("No such category."),
      409: refused(
        "It still holds products (`category.not_empty`, with their `count`): move them first; or it is Other tools, " +
          "which stays (`category.keeps_other`).",
      ),
    },
    handler: async (c) => {
      await categories.removeCategory(c.get("ctx"), c.req.param("id"));
      return c.json({ deletedCount: 1 });
    },
  }),
];
