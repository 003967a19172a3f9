import { z } from "zod";
import { limitParam, pageParam, queryParam } from "./list-query";

/** The parameters of the accounts' list, in Make Admin's URL and in `GET /api/user`. */
export const USER_LIST_PARAMS = ["q", "page", "limit"] as const;

/** The accounts' list: any part of a name or e-mail, and the page; newest accounts first. */
export const UserListQuery = z.object({
  q: queryParam,
  page: pageParam,
  limit: limitParam,
});
export type UserListInput = z.input<typeof UserListQuery>;
