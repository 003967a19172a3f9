/** Shown until sign-in is built (the accounts issue replaces these actions). */
export const ACCOUNTS_NOT_OPEN = "Accounts are not open yet on this store. Please check back soon.";
export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured on this store.";
