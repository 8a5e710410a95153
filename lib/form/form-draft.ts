import type { FileType } from "@/lib/dify/file-types";
import type { AttachedFile } from "@/lib/fields/attached-file";
import type { Answers } from "@/lib/form/answers";
import { isRecord } from "@/lib/ids/is-record";
import { keptStore, type DraftKey } from "@/lib/form/kept-in-browser";

// Unsent answers, saved as the person types so a reload loses nothing; files by id and name only.
// A draft goes when its form or link ends, so answers do not outlive their use on a shared machine.

export type Draft = {
  version: 2;
  savedAt: number;
  /** Unix seconds after which the draft is useless: the link's or the form's end, if earlier. */
  expiresAt: number | null;
  answers: Answers;
};

// Read without zod, which is not in the page's first load; the tests hold these checks to the
// draft's zod schema (exactly these fields, unknown keys dropped).

const FILE_TYPES: readonly FileType[] = ["image", "document", "audio", "video", "custom"];

const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);
const isFileType = (value: unknown): value is FileType => FILE_TYPES.includes(value as FileType);

function readAttachedFile(value: unknown): AttachedFile | null {
  if (!isRecord(value) || typeof value.name !== "string" || !isFileType(value.type)) return null;
  const { name, type } = value;
  if (value.source === "local") {
    const { uploadFileId, size } = value;
    if (typeof uploadFileId !== "string" || uploadFileId.length < 1 || !isNumber(size)) return null;
    return { source: "local", uploadFileId, name, size, type };
  }
  if (value.source === "remote" && typeof value.url === "string") {
    return { source: "remote", url: value.url, name, type };
  }
  return null;
}

function readAnswer(value: unknown): Answers[string] | null {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return null;
  const files = value.map(readAttachedFile);
  return files.every((file) => file !== null) ? files : null;
}

/** A stored draft, or null when it is not one of this version (the whole draft, not a part). */
export function readDraft(value: unknown): Draft | null {
  if (!isRecord(value) || value.version !== 2 || !isNumber(value.savedAt)) return null;
  const { savedAt, expiresAt } = value;
  if (expiresAt !== null && !isNumber(expiresAt)) return null;
  if (!isRecord(value.answers)) return null;
  // No prototype: `__proto__` is a legal variable name, kept as an own key.
  const answers = Object.create(null) as Draft["answers"];
  for (const [name, raw] of Object.entries(value.answers)) {
    const answer = readAnswer(raw);
    if (answer === null) return null;
    answers[name] = answer;
  }
  return { version: 2, savedAt, expiresAt, answers };
}

/** A verified link's expiry (Unix seconds), null when it has none. */
export function linkEnd(link: { exp: number }): number | null {
  return Number.isSafeInteger(link.exp) && link.exp > 0 ? link.exp : null;
}

const drafts = keptStore("human-input-draft:", readDraft, (draft) => draft.savedAt);
export const { load: loadDraft, remove: deleteDraft, sweep: sweepDrafts } = drafts;

export function saveDraft(key: DraftKey, answers: Answers, expiresAt: number | null): void {
  drafts.save(key, { version: 2, savedAt: Date.now(), expiresAt, answers });
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
