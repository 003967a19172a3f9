import { processWide } from "../process-wide";
import type { Db } from "./client";

type Effect = () => void;

const pending = processWide("commit-effects", () => new WeakMap<object, Effect[]>());

/**
 * Runs `effect` once the transaction `tx` belongs to has committed, and never when it rolls back (a counter must
 * not count a change that did not happen). Outside a transaction, at once.
 */
export function afterCommit(tx: Db, effect: Effect): void {
  const effects = pending.get(tx);
  if (effects) effects.push(effect);
  else effect();
}

/** Makes `db.transaction` keep the effects its transaction asks for, and run them after COMMIT. */
export function withCommitEffects(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    const effects: Effect[] = [];
    const result = await transaction(async (tx) => {
      keepEffects(tx, effects);
      return work(tx);
    }, config);
    for (const effect of effects) effect();
    return result;
  };
  return db;
}

/** A savepoint's effects join its parent's when it is released, and are dropped when it rolls back. */
function keepEffects(tx: Db, effects: Effect[]) {
  pending.set(tx, effects);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = async (work, config) => {
    const own: Effect[] = [];
    const result = await savepoint(async (inner) => {
      keepEffects(inner, own);
      return work(inner);
    }, config);
    effects.push(...own);
    return result;
  };
}
