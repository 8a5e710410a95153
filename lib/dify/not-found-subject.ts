// Which record a Dify knowledge "not found" names: its code is the same whichever is missing, so
// only its English message (`Dataset not found.`, `Document not found.`...) tells them apart.

export type NotFoundSubject = "dataset" | "document" | "segment";

const SUBJECTS: [NotFoundSubject, RegExp][] = [
  ["dataset", /\b(dataset|knowledge base) not found\b/i],
  ["document", /\bdocuments? not found\b/i],
  ["segment", /\bsegment not found\b/i],
];

export function notFoundSubject(message: string): NotFoundSubject | null {
  return SUBJECTS.find(([, pattern]) => pattern.test(message))?.[0] ?? null;
}

export const METADATA_NOT_FOUND = /\bmetadata not found\b/i;
