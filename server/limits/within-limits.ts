import { enforceRules, type LimitedOperation } from "./rules";
import type { RequestContext } from "../context/request-context";

/**
 * Counts the actor's call of `operation` against the rules per account and per address: after the guard and the
 * schema (refused input spends nothing), before the domain. Over either rule, the call is refused with 429 and
 * changes nothing else.
 */
export function withinLimits(ctx: RequestContext, operation: LimitedOperation, actor: { id: string }): Promise<void> {
  const caller = { accountId: actor.id, address: ctx.clientIp };
  return enforceRules(ctx.db, ctx.limits, operation, caller, ctx.now?.() ?? new Date());
}
