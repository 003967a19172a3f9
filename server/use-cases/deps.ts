import type { Services } from "../services";

/** What the use cases work with: the database, the payment providers, the image store, and the time. */
export type Deps = Pick<Services, "db" | "payments" | "gateway" | "images" | "catalogVersion"> & {
  /** The time now; tests pass a clock. */
  now?: () => Date;
};
