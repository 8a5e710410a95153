import "server-only";
import { getEnv } from "@/lib/server/env";
import { countDecisionUnrecorded, countStoreError } from "@/lib/server/ops/metrics";
import { processState } from "@/lib/server/ops/process-state";
import { UNRECORDED_MSG, type DecisionRecord } from "@/lib/server/requests/decision-record";
import { createDecisionWriter } from "@/lib/server/requests/decision-writer";
import { recordDecision } from "@/lib/server/requests/record-decision";
import { getStore } from "@/lib/server/store/get-store";

/** Writes a decision after its answer went to Dify: retried, else logged whole for replay. */
export function keepDecision(record: DecisionRecord): Promise<"stored" | "unrecorded"> {
  const writer = processState("decision-writer", () => {
    const { limits } = getEnv();
    const created = createDecisionWriter({
      write: (decision) => recordDecision(getStore().db, decision),
      delaysMs: limits.decisionRetryDelaysMs,
      pendingMax: limits.decisionPendingMax,
      failed: () => countStoreError("decision"),
      unrecorded: (decision, reason) => {
        countDecisionUnrecorded();
        console.error(JSON.stringify({ level: "error", msg: UNRECORDED_MSG, reason, decision }));
      },
    });
    // A copy that stops while decisions wait for the store logs them for replay, not loses them.
    process.once("exit", () => created.abandon("the copy stopped before the store took it"));
    return created;
  });
  return writer.keep(record);
}
