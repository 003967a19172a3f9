// What the rest of the store may use of accounts: everything else in server/accounts/ is its own.
export { adminCalls } from "./admin-routes";
export { authCalls, authRoutes } from "./auth-routes";
export { profileCalls } from "./profile-routes";
export * from "./profiles";
export * from "./sql/profile-rows";
export * from "./sql/user-rows";
export { userCalls } from "./user-routes";
export * from "./users";
export { userJson, type UserJson } from "./wire";
