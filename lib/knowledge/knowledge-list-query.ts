import { z } from "zod";

export const MAX_LIST_PAGE = 10_000;
/** Dify caps its lists at 100 items a page. */
export const MAX_LIST_LIMIT = 100;
export const MAX_KEYWORD_LENGTH = 200;

/** How many items /knowledge shows a page of each list. */
export const PAGE_SIZES = { bases: 10, documents: 20, chunks: 10 } as const;

/** A document's display status, as Dify's document list filters it. */
export const DOCUMENT_STATUSES = [
  "queuing",
  "indexing",
  "paused",
  "error",
  "available",
  "disabled",
  "archived",
] as const;

export const SEGMENT_STATUSES = ["completed", "indexing", "error", "waiting", "paused"] as const;

const int = (name: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

/** The list query; `statuses` are the values `status` may take (none: no status filter). */
export function listQuerySchema<S extends readonly [string, ...string[]]>(statuses?: S) {
  return z.object({
    page: int("page", MAX_LIST_PAGE, 1),
    limit: int("limit", MAX_LIST_LIMIT, 20),
    keyword: z
      .string()
      .trim()
      .max(MAX_KEYWORD_LENGTH, `keyword may hold at most ${MAX_KEYWORD_LENGTH} characters`)
      .optional(),
    status: statuses
      ? z.enum(statuses, { error: `status must be one of ${statuses.join(", ")}` }).optional()
      : z.undefined({ error: "this list has no status filter" }).optional(),
  });
}

export type ListQuery = z.infer<ReturnType<typeof listQuerySchema<[string, ...string[]]>>>;
