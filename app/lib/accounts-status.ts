export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured on this store.";
