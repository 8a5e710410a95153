import "server-only";
import { randomUUID } from "node:crypto";
import type { HumanInputForm } from "@/lib/dify/schemas";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { enqueueJob } from "@/lib/server/jobs/job-queue";
import { JOB } from "@/lib/server/jobs/request-tasks";
import { decisionValues } from "@/lib/server/requests/decision-record";
import { keepDecision } from "@/lib/server/requests/keep-decision";
import type { SignedInIdentity } from "@/lib/server/auth/viewer";

/**
 * After Dify took an answer: its decision is kept and the run followed, in the background (the
 * answer's response does not wait). Only called where the store is configured.
 */
export function afterAnswer(answer: {
  token: string;
  claims: FormLinkClaims;
  form: HumanInputForm;
  action: string;
  inputs: Record<string, unknown>;
  /** The signed-in person who sent it, beside the link's user. */
  signedIn: SignedInIdentity | null;
}): void {
  const { token, claims, form, action } = answer;
  const label = form.user_actions.find((candidate) => candidate.id === action)?.title ?? null;
  const kept = keepDecision({
    answer_id: randomUUID(),
    form_token: token,
    run_id: claims.run || null,
    user: claims.user,
    issuer: answer.signedIn?.issuer ?? null,
    subject: answer.signedIn?.subject ?? null,
    email: answer.signedIn?.email ?? null,
    action_id: action,
    action_label: label,
    values: decisionValues(answer.inputs),
    dify_status: 200,
    decided_at: new Date().toISOString(),
  });
  if (!claims.run) return;
  const run = claims.run;
  void kept.then(() =>
    enqueueJob(JOB.followRun, { run_id: run, user: claims.user, form_token: token }),
  );
}
