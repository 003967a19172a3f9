// What the rest of the store may use of accounts: everything else in server/accounts/ is its own.
export * from "./admin-routes";
export * from "./auth-routes";
export * from "./profile-routes";
export * from "./profiles";
export * from "./sql/profile-rows";
export * from "./sql/user-rows";
export * from "./user-routes";
export * from "./users";
