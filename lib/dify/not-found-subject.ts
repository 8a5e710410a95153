// Which record a Dify knowledge "not found" names. Dify's error code is `not_found` (or
// `invalid_param` for a document of a metadata update) whichever record is missing; only its
// English message tells them apart: `Dataset not found.`, `Knowledge base not found.`,
// `Document not found.`, `Segment not found.`. The app's own errors never need this: they carry
// `issues[].path`.

export type NotFoundSubject = "dataset" | "document" | "segment";

const SUBJECTS: [NotFoundSubject, RegExp][] = [
  ["dataset", /\b(dataset|knowledge base) not found\b/i],
  ["document", /\bdocuments? not found\b/i],
  ["segment", /\bsegment not found\b/i],
];

export function notFoundSubject(message: string): NotFoundSubject | null {
  return SUBJECTS.find(([, pattern]) => pattern.test(message))?.[0] ?? null;
}
