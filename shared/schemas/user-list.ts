import { z } from "zod";
import { limitParam, pageParam, queryParam } from "./list-query";

/** The accounts' list: any part of a name or e-mail, and the page; newest accounts first. */
export const UserListQuery = z.object({
  q: queryParam,
  page: pageParam,
  limit: limitParam,
});
export type UserListInput = z.input<typeof UserListQuery>;
