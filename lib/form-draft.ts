import { z } from "zod";
import { attachedFileSchema, type Answers } from "@/lib/answer-schema";

// Unsent answers, saved in the browser per form token as the person types, so a reload or a
// closed tab loses nothing. File contents are never stored: only the uploaded files' ids and names.

const draftSchema = z.object({
  version: z.literal(1),
  savedAt: z.number(),
  answers: z.record(z.string(), z.union([z.string(), z.array(attachedFileSchema)])),
});
export type Draft = z.infer<typeof draftSchema>;

const keyFor = (token: string) => `human-input-draft:${token}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // blocked storage (private mode, sandboxed frame): drafts are simply off
  }
}

export function loadDraft(token: string): Draft | null {
  const raw = storage()?.getItem(keyFor(token));
  if (!raw) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveDraft(token: string, answers: Answers): void {
  try {
    storage()?.setItem(
      keyFor(token),
      JSON.stringify({ version: 1, savedAt: Date.now(), answers } satisfies Draft),
    );
  } catch {
    // Quota or blocked storage: keep working without a draft.
  }
}

export function deleteDraft(token: string): void {
  try {
    storage()?.removeItem(keyFor(token));
  } catch {
    // nothing to do
  }
}

/** Draft values laid over the starting values, keeping only those that still fit the form. */
export function mergeDraft(
  initial: Answers,
  draft: Draft | null,
): { answers: Answers; restored: boolean } {
  if (!draft) return { answers: initial, restored: false };
  const answers = { ...initial };
  let restored = false;
  for (const [name, value] of Object.entries(draft.answers)) {
    const start = initial[name];
    if (start === undefined) continue;
    if (typeof start === "string" && typeof value === "string") {
      answers[name] = value;
      restored ||= value !== start;
    } else if (Array.isArray(start) && Array.isArray(value)) {
      answers[name] = value;
      restored ||= value.length > 0;
    }
  }
  return { answers, restored };
}
