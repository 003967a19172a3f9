import { z } from "zod";
import { M } from "@shared/messages";
import { pageParam } from "./list-query";

/** The periods the overview offers, in days; the first look covers DEFAULT_DAYS. */
export const OVERVIEW_DAYS = [7, 30, 90] as const;
export type OverviewDays = (typeof OVERVIEW_DAYS)[number];
export const DEFAULT_DAYS: OverviewDays = 30;

/** The overview's URL: `days` (7, 30 or 90; anything else refused) and the low-stock list's `page`. */
export const OverviewQuery = z.object({
  days: z
    .enum(["7", "30", "90"], { error: M.list.days_invalid })
    .optional()
    .transform((days) => (days === undefined ? DEFAULT_DAYS : (Number(days) as OverviewDays))),
  page: pageParam,
});

export const OVERVIEW_PARAMS = ["days", "page"] as const;
