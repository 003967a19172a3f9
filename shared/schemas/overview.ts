import { z } from "zod";
import { M } from "@shared/messages";
import { DEFAULT_DAYS, type OverviewDays } from "@shared/list-choices";
import { pageParam } from "./list-query";

/** The overview's URL: `days` (7, 30 or 90; anything else refused) and the low-stock list's `page`. */
export const OverviewQuery = z.object({
  days: z
    .enum(["7", "30", "90"], { error: M.list.days_invalid })
    .optional()
    .transform((days) => (days === undefined ? DEFAULT_DAYS : (Number(days) as OverviewDays))),
  page: pageParam,
});
