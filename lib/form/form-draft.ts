import * as z from "zod/mini";
import { attachedFileSchema, type Answers } from "@/lib/form/answer-schema";

// Unsent answers, saved in the browser per form token and user as the person types, so a reload
// or a closed tab loses nothing. File contents are never stored: only the uploaded files' ids and
// names. A draft is deleted when its form is answered, closes or expires, and when its link
// expires (every form page sweeps drafts past their end), so answers do not outlive their use on
// a shared machine, and another person's link to the same form never sees them.

const draftSchema = z.object({
  version: z.literal(2),
  savedAt: z.number(),
  /** Unix seconds after which the draft is useless: the link's or the form's end, if earlier. */
  expiresAt: z.nullable(z.number()),
  answers: z.record(z.string(), z.union([z.string(), z.array(attachedFileSchema)])),
});
export type Draft = z.infer<typeof draftSchema>;

/** Whose draft: one form token as one link's user. */
export type DraftKey = { token: string; user: string };

const PREFIX = "human-input-draft:";
const keyFor = ({ token, user }: DraftKey) =>
  `${PREFIX}${encodeURIComponent(token)}:${encodeURIComponent(user)}`;

/** The draft key and the link's expiry (Unix seconds, null when it has none) of a link's query. */
export function draftKeyOf(link: { token: string; linkQuery: string }): {
  key: DraftKey;
  linkExp: number | null;
} {
  const params = new URLSearchParams(link.linkQuery);
  const exp = Number(params.get("exp") ?? "");
  return {
    key: { token: link.token, user: params.get("user") ?? "" },
    linkExp: Number.isSafeInteger(exp) && exp > 0 ? exp : null,
  };
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // blocked storage (private mode, sandboxed frame): drafts are simply off
  }
}

function parse(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function loadDraft(key: DraftKey): Draft | null {
  return parse(storage()?.getItem(keyFor(key)) ?? null);
}

export function saveDraft(key: DraftKey, answers: Answers, expiresAt: number | null): void {
  try {
    storage()?.setItem(
      keyFor(key),
      JSON.stringify({ version: 2, savedAt: Date.now(), expiresAt, answers } satisfies Draft),
    );
  } catch {
    // Quota or blocked storage: keep working without a draft.
  }
}

export function deleteDraft(key: DraftKey): void {
  try {
    storage()?.removeItem(keyFor(key));
  } catch {
    // nothing to do
  }
}

/** Deletes every draft whose link or form has ended, and unreadable or older-format ones. */
export function sweepDrafts(nowSeconds = Math.floor(Date.now() / 1000)): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) {
      if (!key?.startsWith(PREFIX)) continue;
      const draft = parse(store.getItem(key));
      if (!draft || (draft.expiresAt !== null && draft.expiresAt <= nowSeconds)) {
        store.removeItem(key);
      }
    }
  } catch {
    // blocked storage: nothing to sweep
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
