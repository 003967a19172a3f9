import type { Parameter } from "./route-types";

/** Parameters and words the calls of several features share. */

export const id = (what: string): Parameter => ({
  description: `The ${what}'s id.`,
  example: "3f1c1f5e-8a0e-4a8e-9a53-0d2f8b1c9e11",
  format: "uuid",
});

export const email = (description: string): Parameter => ({
  description,
  example: "nasrin@example.com",
  format: "email",
});

export const NOT_YOURS = "Not your account, and you are not an admin; or a cookie-carried write from another site.";

export const ADMINS_ONLY = "Not an admin; or a cookie-carried write from another site.";

export const BAD_INPUT = "The body is not JSON or breaks a rule; `message` says which.";

export const pageQuery: Record<string, Parameter> = {
  page: { description: "Which page: 1, 2, … (1 when not given).", example: "1", required: false },
  limit: {
    description: "Items a page, 1 to 100; 100 when not given. More than 100 is refused with 400, not cut.",
    example: "20",
    required: false,
  },
};

export const pageHeaders: Record<string, Parameter> = {
  "X-Total-Count": { description: "How many items the whole list holds, on every page.", example: "137" },
  Link: {
    description: 'The next and previous pages (RFC 8288), with the request\'s parameters: `rel="next"`, `rel="prev"`.',
    example: '</api/review?page=3&limit=20>; rel="next", </api/review?page=1&limit=20>; rel="prev"',
  },
};

export const PAGED =
  "The body is the spec's array, one page of it: without `page` and `limit`, the first 100 items. " +
  "`X-Total-Count` says how many there are and `Link` leads to the next page, so that a list answers in the " +
  "same time and size however many years of data the store holds.";

export const BAD_PAGE =
  "A `page` or `limit` that is not a whole number in range, or a page past the first 10,000 items.";
