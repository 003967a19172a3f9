import { enforceRules, type LimitedOperation } from "./rules";
import type { Deps } from "../context/deps";

/**
 * Counts the actor's call of `operation` against the rules per account and per address: after the guard and the
 * schema (refused input spends nothing), before the domain. Over either rule, the call is refused with 429 and
 * changes nothing else.
 */
export function withinLimits(deps: Deps, operation: LimitedOperation, actor: { id: string }): Promise<void> {
  const caller = { accountId: actor.id, address: deps.clientIp };
  return enforceRules(deps.db, deps.limits, operation, caller, deps.now?.() ?? new Date());
}
