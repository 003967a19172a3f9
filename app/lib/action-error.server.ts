import { data } from "react-router";
import { statusOf } from "@server/api/error-handler";
import { DomainError } from "@server/errors";
import { toastError } from "./use-action-toast";

/** What a page's action answers when a domain function refused: the same status and message as the API. */
export function actionError(err: unknown) {
  if (err instanceof DomainError) return data(toastError(err.message), { status: statusOf[err.code] });
  throw err;
}
