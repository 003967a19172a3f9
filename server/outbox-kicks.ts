import type { Db } from "./db/client";
import { afterCommit } from "./db/after-commit";
import { processWide } from "./process-wide";

type Kick = () => void;

/** The wake-up calls of an outbox's job (the mail's, the text messages'): registered by the job, rung by a commit. */
export interface OutboxKicks {
  /** The job's wake-up call: run soon after a commit that queued a message, rather than at the next poll. */
  onQueued(kick: Kick): () => void;
  /** Wakes the job once `tx` has committed (a rolled-back change queued nothing, so there is nothing to wake for). */
  kickAfterCommit(tx: Db): void;
}

export function outboxKicks(name: "mail" | "sms"): OutboxKicks {
  const kicks = processWide(`${name}-outbox-kicks`, () => new Set<Kick>());
  return {
    onQueued(kick) {
      kicks.add(kick);
      return () => kicks.delete(kick);
    },
    kickAfterCommit(tx) {
      afterCommit(tx, () => {
        for (const kick of kicks) kick();
      });
    },
  };
}
