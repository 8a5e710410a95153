import { z } from "zod";

// A decision as the app holds it between the answer and the store: what the retry writes, what
// the log line carries whole when the store stays away, and what replay-decisions reads back.

/** The `msg` of the log line that carries a decision the store did not take, for replay. */
export const UNRECORDED_MSG = "decision_unrecorded";

export const decisionRecordSchema = z.object({
  answer_id: z.uuid(),
  form_token: z.string().min(1).max(200),
  run_id: z.string().max(200).nullable(),
  user: z.string().min(1).max(320),
  issuer: z.string().max(2048).nullable().default(null),
  subject: z.string().max(320).nullable().default(null),
  email: z.string().max(320).nullable().default(null),
  action_id: z.string().min(1).max(100),
  action_label: z.string().max(1000).nullable(),
  values: z.record(z.string(), z.unknown()),
  dify_status: z.number().int().min(100).max(599),
  decided_at: z.iso.datetime({ offset: true }),
});
export type DecisionRecord = z.infer<typeof decisionRecordSchema>;

/** The longest text value a decision keeps; a longer one is cut and marked. */
export const DECISION_TEXT_MAX = 2_000;

/** Answer values as a decision keeps them: text capped, files by id or URL, never their bytes. */
export function decisionValues(inputs: Record<string, unknown>): Record<string, unknown> {
  const file = (value: unknown) => {
    const mapping = value as { type?: unknown; upload_file_id?: unknown; url?: unknown };
    return {
      type: mapping.type,
      ...(typeof mapping.upload_file_id === "string" ? { file_id: mapping.upload_file_id } : {}),
      ...(typeof mapping.url === "string" ? { url: mapping.url.slice(0, DECISION_TEXT_MAX) } : {}),
    };
  };
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(inputs)) {
    if (typeof value === "string") {
      kept[name] =
        value.length > DECISION_TEXT_MAX ? `${value.slice(0, DECISION_TEXT_MAX)}…` : value;
    } else if (Array.isArray(value)) kept[name] = value.map(file);
    else if (value && typeof value === "object") kept[name] = file(value);
  }
  return kept;
}
