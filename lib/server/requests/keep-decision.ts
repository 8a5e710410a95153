import "server-only";
import { getEnv } from "@/lib/server/env";
import { countDecisionUnrecorded, countStoreError } from "@/lib/server/ops/metrics";
import { processState } from "@/lib/server/ops/process-state";
import type { DecisionRecord } from "@/lib/server/requests/decision-record";
import { createDecisionWriter } from "@/lib/server/requests/decision-writer";
import { recordDecision } from "@/lib/server/requests/record-decision";
import { getStore } from "@/lib/server/store/get-store";

/** The log line's `msg` that `npm run replay-decisions` reads back. */
export const UNRECORDED_MSG = "decision_unrecorded";

/** Writes a decision after its answer went to Dify: retried, else logged whole for replay. */
export function keepDecision(record: DecisionRecord): Promise<"stored" | "unrecorded"> {
  const writer = processState("decision-writer", () => {
    const { limits } = getEnv();
    return createDecisionWriter({
      write: (decision) => recordDecision(getStore().db, decision),
      delaysMs: limits.decisionRetryDelaysMs,
      pendingMax: limits.decisionPendingMax,
      failed: () => countStoreError("decision"),
      unrecorded: (decision, reason) => {
        countDecisionUnrecorded();
        console.error(JSON.stringify({ level: "error", msg: UNRECORDED_MSG, reason, decision }));
      },
    });
  });
  return writer.keep(record);
}
