// What the rest of the store may use of catalog: everything else in server/catalog/ is its own.
export * from "./catalog-change";
export * from "./categories";
export { categoryCalls } from "./category-routes";
export { productCalls } from "./product-routes";
export { sheetCalls } from "./sheet-routes";
export { exportCatalog, importCatalog } from "./catalog-sheet";
export * from "./products";
export * from "./sql/category-rows";
export * from "./sql/product-rows";
export * from "./sql/product-search";
export { averageStars, categoryJson, productJson, type CategoryJson, type ProductJson } from "./wire";
export * from "./shelves";
export * from "./sql/variant-rows";
