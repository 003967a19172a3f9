/** For files whose names change with their content (hashed assets, uploaded images): cached forever. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** For files that keep their names between releases: browsers check back after an hour. */
export const SHORT = "public, max-age=3600, stale-while-revalidate=86400";
