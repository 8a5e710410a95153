import type { DecisionView } from "@/lib/requests/requests-api-contract";
import type { StoredDecision } from "@/lib/server/requests/list-decisions";

/** A stored decision as GET /api/decisions and `npm run export-decisions` show it. */
export function toDecisionView(decision: StoredDecision): DecisionView {
  return {
    id: String(decision.id),
    request_id: decision.requestId,
    form_token: decision.formToken,
    run_id: decision.runId,
    user: decision.user,
    issuer: decision.issuer,
    subject: decision.subject,
    email: decision.email,
    action: { id: decision.actionId, label: decision.actionLabel },
    values: decision.values as Record<string, unknown>,
    dify_status: decision.difyStatus,
    at: decision.decidedAt.toISOString(),
    run_outcome: decision.runOutcome,
  };
}
