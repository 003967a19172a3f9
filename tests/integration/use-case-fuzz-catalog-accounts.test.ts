import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe } from "vitest";
import { insertCategory } from "@server/catalog/sql/category-rows";
import * as catalog from "@server/catalog/products";
import * as categories from "@server/catalog/categories";
import * as profiles from "@server/accounts/profiles";
import * as reviews from "@server/reviews/reviews";
import * as uploads from "@server/uploads/uploads";
import * as users from "@server/accounts/users";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzEachUseCase } from "../support/fuzz/fuzz-use-case";
import { photo, PRODUCT, PROFILE } from "../support/fuzz/use-case-fixtures";
import { body, email, file, id } from "../support/fuzz/use-case-params";
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
 * calls the first kind. The lists take their query parameters raw, and are fuzzed with them. This file holds the catalog's (its lists and categories too) and the accounts' (uploads, reviews, profiles, users); use-case-fuzz-orders and use-case-fuzz-payments the rest, so that the three spread over the test workers.
 */
describe("fuzzing every use case that takes raw input (catalog and accounts): it resolves or refuses with a 4xx AppError, and a refusal changes no row", () => {
  const t = useTestApp();
  const actors = useActors(t);
  const deps = () => t.services;
  const owner = () => actors.owner.email;

  const aProduct = async () => ({ productId: (await makeProduct(t)).id });
  /** A fresh tag for names no category has yet, and an empty category to rename or remove. */
  const aCategory = async () => {
    const tag = randomUUID().slice(0, 8);
    const { id } = await insertCategory(t.database.db, { nameEn: `Shelf ${tag}`, nameBn: `তাক ${tag}` });
    return { categoryId: id, tag };
  };
  const categoryNames = (s: Scene) => ({ nameEn: `Fuzzed ${s.tag}`, nameBn: `ফাজ ${s.tag}`, position: 5 });
  const SHOP_QUERY = { q: "gauge", category: "other", inStock: "true", sort: "price-asc", page: "1", limit: "5" };
  const storedImages = () => readdir(path.join(t.services.dataDir, "uploads")).catch(() => []);

  // The owner's e-mail is fuzzed as the owner (who is refused any other) and as an admin, whose hostile e-mails
  // reach the database.
  // prettier-ignore
  fuzzEachUseCase(t, [
    { useCase: "catalog.getProduct",               as: "stranger", scene: aProduct, params: [id((s) => s.productId!)], call: (_, [productId]) => catalog.getProduct(deps(), productId) },
    { useCase: "catalog.productToEdit",            as: "admin",    scene: aProduct, params: [id((s) => s.productId!)], call: (a, [productId]) => catalog.productToEdit(deps(), a, productId) },
    { useCase: "catalog.addProduct",               as: "admin",                     params: [body(() => PRODUCT)],     call: (a, [raw]) => catalog.addProduct(deps(), a, raw) },
    { useCase: "catalog.updateProduct",            as: "admin",    scene: aProduct, params: [id((s) => s.productId!), body(() => PRODUCT)], call: (a, [productId, raw]) => catalog.updateProduct(deps(), a, productId, raw) },
    { useCase: "catalog.deleteProduct",            as: "admin",    scene: aProduct, params: [id((s) => s.productId!)], call: (a, [productId]) => catalog.deleteProduct(deps(), a, productId) },
    { useCase: "catalog.listProducts",             as: "stranger",                  params: [body(() => SHOP_QUERY)], call: (_, [raw]) => catalog.listProducts(deps(), raw) },
    { useCase: "catalog.productsToManage",         as: "admin",                     params: [body(() => SHOP_QUERY)], call: (a, [raw]) => catalog.productsToManage(deps(), a, raw) },
    { useCase: "categories.addCategory",           as: "admin",    scene: aCategory, params: [body(categoryNames)], call: (a, [raw]) => categories.addCategory(deps(), a, raw) },
    { useCase: "categories.renameCategory",        as: "admin",    scene: aCategory, params: [id((s) => s.categoryId!), body(categoryNames)], call: (a, [categoryId, raw]) => categories.renameCategory(deps(), a, categoryId, raw) },
    { useCase: "categories.removeCategory",        as: "admin",    scene: aCategory, params: [id((s) => s.categoryId!)], call: (a, [categoryId]) => categories.removeCategory(deps(), a, categoryId) },
    { useCase: "reviews.listReviews",              as: "stranger",                  params: [body(() => ({ page: "1", limit: "5" }))], call: (_, [raw]) => reviews.listReviews(deps(), raw) },
    { useCase: "users.listUsers",                  as: "admin",                     params: [body(() => ({ q: "example", page: "1", limit: "5" }))], call: (a, [raw]) => users.listUsers(deps(), a, raw) },
    { useCase: "uploads.uploadImage",              as: "admin",                     params: [file(photo)],            call: (a, [image]) => uploads.uploadImage(deps(), a, image), outside: storedImages, ignored: CALLS_COUNTED },
    { useCase: "reviews.addReview",                as: "owner",                     params: [body(() => ({ rating: 4.5, comment: "Sharp." }))], call: (a, [raw]) => reviews.addReview(deps(), a, raw), ignored: CALLS_COUNTED },
    { useCase: "profiles.getProfile",              as: "owner",                     params: [email(owner)],           call: (a, [address]) => profiles.getProfile(deps(), a, address) },
    { useCase: "profiles.getProfile",              as: "admin",                     params: [email(owner)],           call: (a, [address]) => profiles.getProfile(deps(), a, address) },
    { useCase: "profiles.saveProfile",             as: "owner",                     params: [email(owner), body(() => PROFILE)], call: (a, [address, raw]) => profiles.saveProfile(deps(), a, address, raw) },
    { useCase: "profiles.saveProfile",             as: "admin",                     params: [email(owner), body(() => PROFILE)], call: (a, [address, raw]) => profiles.saveProfile(deps(), a, address, raw) },
    { useCase: "profiles.saveMyProfile",           as: "owner",                     params: [body(() => PROFILE)],     call: (a, [raw]) => profiles.saveMyProfile(deps(), a, raw) },
    { useCase: "users.isAdmin",                    as: "owner",                     params: [email(owner)],           call: (a, [address]) => users.isAdmin(deps(), a, address) },
    { useCase: "users.isAdmin",                    as: "admin",                     params: [email(owner)],           call: (a, [address]) => users.isAdmin(deps(), a, address) },
    { useCase: "users.promoteToAdmin",             as: "admin",    scene: () => aCustomer(t), params: [email((s) => s.email!)], call: (a, [address]) => users.promoteToAdmin(deps(), a, address) },
    { useCase: "users.demoteFromAdmin",            as: "admin",    scene: () => anAdmin(t), params: [email((s) => s.email!)], call: (a, [address]) => users.demoteFromAdmin(deps(), a, address) },
    { useCase: "users.deleteUser",                 as: "admin",    scene: () => aCustomer(t), params: [email((s) => s.email!)], call: (a, [address]) => users.deleteUser(deps(), a, address) },
    { useCase: "users.confirmAccount",             as: "owner",                     params: [email(owner), body(() => ({ email: actors.owner.email, name: actors.owner.name }))], call: (a, [address, raw]) => users.confirmAccount(deps(), a, address, raw) },
  ], actors);
});
