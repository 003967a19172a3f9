import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { describe } from "vitest";
import { insertCategory } from "@server/catalog/sql/category-rows";
import * as catalog from "@server/catalog/products";
import * as categories from "@server/catalog/categories";
import * as sheets from "@server/catalog/catalog-sheet";
import type { ImportOptions } from "@server/catalog/catalog-sheet";
import * as profiles from "@server/accounts/profiles";
import * as reviews from "@server/reviews/reviews";
import * as uploads from "@server/uploads/uploads";
import * as users from "@server/accounts/users";
import { newToolInSizesRows, newToolRows, stockTakeRows } from "../support/catalog-csv";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzEachUseCase } from "../support/fuzz/fuzz-use-case";
import { photo, PRODUCT, PROFILE } from "../support/fuzz/use-case-fixtures";
import { body, choice, csv, email, file, id } from "../support/fuzz/use-case-params";
import { makeProduct } from "../support/orders";
import { aCustomer, anAdmin } from "../support/page-scenes";
import { useTestApp } from "../support/test-app";
import { useActors } from "../support/use-case-actors";
import type { Scene } from "../support/use-case-scenes";

/**
 * Every use case that takes raw input, called directly (no door) by someone it lets through, with hostile raw
 * values in each parameter: it resolves, or rejects with an AppError of a 4xx kind (never a TypeError or a
 * database error), and a rejected call changes no row. The use cases that take only an actor (myProfile) or nothing
 * (popularProducts, featuredProducts, testimonials, listCategories) have no raw input to fuzz; the use-case matrix
 * calls the first kind. The lists take their query parameters raw, and are fuzzed with them. This file holds the catalog's (its lists, categories and spreadsheet too) and the accounts' (uploads, reviews, profiles, users); use-case-fuzz-orders and use-case-fuzz-payments the rest, so that the three spread over the test workers.
 */
describe("fuzzing every use case that takes raw input (catalog and accounts): it resolves or refuses with a 4xx AppError, and a refusal changes no row", () => {
  const t = useTestApp();
  const actors = useActors(t);
  const owner = () => actors.owner.email;

  const aProduct = async () => ({ productId: (await makeProduct(t)).id });
  /** A fresh tag for names no category has yet, and an empty category to rename or remove. */
  const aCategory = async () => {
    const tag = randomUUID().slice(0, 8);
    const { id } = await insertCategory(t.database.db, { nameEn: `Shelf ${tag}`, nameBn: `তাক ${tag}` });
    return { categoryId: id, tag };
  };
  const categoryNames = (s: Scene) => ({ nameEn: `Fuzzed ${s.tag}`, nameBn: `ফাজ ${s.tag}`, position: 5 });
  const aTag = () => Promise.resolve({ tag: randomUUID().slice(0, 8) });
  /** A door passes a dry run or an import, with a progress callback when it streams (sheet-routes.ts). */
  const importOptions = choice(
    { dryRun: true },
    fc.constantFrom<ImportOptions>({ dryRun: false }, { dryRun: false, onProgress: () => undefined }),
    2,
  );
  const SHOP_QUERY = { q: "gauge", category: "other", inStock: "true", sort: "price-asc", page: "1", limit: "5" };
  const storedImages = () => readdir(path.join(t.services.dataDir, "uploads")).catch(() => []);

  // The owner's e-mail is fuzzed as the owner (who is refused any other) and as an admin, whose hostile e-mails
  // reach the database.
  // prettier-ignore
  fuzzEachUseCase(t, [
    { useCase: "catalog.getProduct",               as: "stranger", scene: aProduct, params: [id((s) => s.productId!)], call: (ctx, [productId]) => catalog.getProduct(ctx, productId) },
    { useCase: "catalog.productToEdit",            as: "admin",    scene: aProduct, params: [id((s) => s.productId!)], call: (ctx, [productId]) => catalog.productToEdit(ctx, productId) },
    { useCase: "catalog.addProduct",               as: "admin",                     params: [body(() => PRODUCT)],     call: (ctx, [raw]) => catalog.addProduct(ctx, raw) },
    { useCase: "catalog.updateProduct",            as: "admin",    scene: aProduct, params: [id((s) => s.productId!), body(() => PRODUCT)], call: (ctx, [productId, raw]) => catalog.updateProduct(ctx, productId, raw) },
    { useCase: "catalog.deleteProduct",            as: "admin",    scene: aProduct, params: [id((s) => s.productId!)], call: (ctx, [productId]) => catalog.deleteProduct(ctx, productId) },
    { useCase: "catalog.listProducts",             as: "stranger",                  params: [body(() => SHOP_QUERY)], call: (ctx, [raw]) => catalog.listProducts(ctx, raw) },
    { useCase: "catalog.productsToManage",         as: "admin",                     params: [body(() => SHOP_QUERY)], call: (ctx, [raw]) => catalog.productsToManage(ctx, raw) },
    // A file that passes the checks counts against the import's rate limit, taken or not.
    { useCase: "sheets.importCatalog",             as: "admin",    scene: aProduct, shape: "a stock-take of a tool", params: [csv((s) => stockTakeRows(s.productId!)), importOptions], call: (ctx, [file, options]) => sheets.importCatalog(ctx, file, options as ImportOptions), ignored: CALLS_COUNTED },
    { useCase: "sheets.importCatalog",             as: "admin",    scene: aTag,     shape: "a new tool",             params: [csv((s) => newToolRows(s.tag)), importOptions], call: (ctx, [file, options]) => sheets.importCatalog(ctx, file, options as ImportOptions), ignored: CALLS_COUNTED },
    { useCase: "sheets.importCatalog",             as: "admin",    scene: aTag,     shape: "a new tool in two widths", params: [csv((s) => newToolInSizesRows(s.tag)), importOptions], call: (ctx, [file, options]) => sheets.importCatalog(ctx, file, options as ImportOptions), ignored: CALLS_COUNTED },
    { useCase: "categories.categoryNamed",         as: "stranger", scene: aCategory, params: [id((s) => s.categoryId!)], call: (ctx, [idOrSlug]) => categories.categoryNamed(ctx, idOrSlug) },
    { useCase: "categories.addCategory",           as: "admin",    scene: aCategory, params: [body(categoryNames)], call: (ctx, [raw]) => categories.addCategory(ctx, raw) },
    { useCase: "categories.renameCategory",        as: "admin",    scene: aCategory, params: [id((s) => s.categoryId!), body(categoryNames)], call: (ctx, [categoryId, raw]) => categories.renameCategory(ctx, categoryId, raw) },
    { useCase: "categories.removeCategory",        as: "admin",    scene: aCategory, params: [id((s) => s.categoryId!)], call: (ctx, [categoryId]) => categories.removeCategory(ctx, categoryId) },
    { useCase: "reviews.listReviews",              as: "stranger",                  params: [body(() => ({ page: "1", limit: "5" }))], call: (ctx, [raw]) => reviews.listReviews(ctx, raw) },
    { useCase: "users.listUsers",                  as: "admin",                     params: [body(() => ({ q: "example", page: "1", limit: "5" }))], call: (ctx, [raw]) => users.listUsers(ctx, raw) },
    { useCase: "uploads.uploadImage",              as: "admin",                     params: [file(photo)],            call: (ctx, [image]) => uploads.uploadImage(ctx, image), outside: storedImages, ignored: CALLS_COUNTED },
    { useCase: "reviews.addReview",                as: "owner",                     params: [body(() => ({ rating: 4.5, comment: "Sharp." }))], call: (ctx, [raw]) => reviews.addReview(ctx, raw), ignored: CALLS_COUNTED },
    { useCase: "profiles.getProfile",              as: "owner",                     params: [email(owner)],           call: (ctx, [address]) => profiles.getProfile(ctx, address) },
    { useCase: "profiles.getProfile",              as: "admin",                     params: [email(owner)],           call: (ctx, [address]) => profiles.getProfile(ctx, address) },
    { useCase: "profiles.saveProfile",             as: "owner",                     params: [email(owner), body(() => PROFILE)], call: (ctx, [address, raw]) => profiles.saveProfile(ctx, address, raw) },
    { useCase: "profiles.saveProfile",             as: "admin",                     params: [email(owner), body(() => PROFILE)], call: (ctx, [address, raw]) => profiles.saveProfile(ctx, address, raw) },
    { useCase: "profiles.saveMyProfile",           as: "owner",                     params: [body(() => PROFILE)],     call: (ctx, [raw]) => profiles.saveMyProfile(ctx, raw) },
    { useCase: "users.isAdmin",                    as: "owner",                     params: [email(owner)],           call: (ctx, [address]) => users.isAdmin(ctx, address) },
    { useCase: "users.isAdmin",                    as: "admin",                     params: [email(owner)],           call: (ctx, [address]) => users.isAdmin(ctx, address) },
    { useCase: "users.promoteToAdmin",             as: "admin",    scene: () => aCustomer(t), params: [email((s) => s.email!)], call: (ctx, [address]) => users.promoteToAdmin(ctx, address) },
    { useCase: "users.demoteFromAdmin",            as: "admin",    scene: () => anAdmin(t), params: [email((s) => s.email!)], call: (ctx, [address]) => users.demoteFromAdmin(ctx, address) },
    { useCase: "users.deleteUser",                 as: "admin",    scene: () => aCustomer(t), params: [email((s) => s.email!)], call: (ctx, [address]) => users.deleteUser(ctx, address) },
    { useCase: "users.confirmAccount",             as: "owner",                     params: [email(owner), body(() => ({ email: actors.owner.email, name: actors.owner.name }))], call: (ctx, [address, raw]) => users.confirmAccount(ctx, address, raw) },
  ], actors);
});
