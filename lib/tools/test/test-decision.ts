import { randomUUID } from "node:crypto";
import type { DecisionRecord } from "@/lib/server/requests/decision-record";

/** A decision as the app holds it after an answer, for the store's tests: a fresh answer id. */
export function testDecision(overrides: Partial<DecisionRecord> = {}): DecisionRecord {
  return {
    answer_id: randomUUID(),
    form_token: "form-1",
    run_id: "run-1",
    user: "alice@example.com",
    issuer: null,
    subject: null,
    email: null,
    action_id: "approve",
    action_label: "Approve",
    values: {},
    dify_status: 200,
    decided_at: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}
