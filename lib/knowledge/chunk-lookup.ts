import { z } from "zod";
import { pathIdSchema } from "@/lib/ids/path-ids";
import { notFoundSubject, type NotFoundSubject } from "@/lib/dify/not-found-subject";
import type { ApiClientError } from "@/lib/client/api-client-error";

/** A translator of the `knowledge` messages (next-intl's `t`). */
export type Say = (key: string, values?: Record<string, string | number>) => string;

/** A path id checked by the route's rules, in the page's words. */
export const pathIdIn = (t: Say, what: NotFoundSubject) =>
  pathIdSchema({
    missing: t(`ids.checks.${what}.missing`),
    tooLong: t(`ids.checks.${what}.tooLong`),
    notAllowed: t(`ids.checks.${what}.notAllowed`),
  });

export const buildChunkLookupSchema = (t: Say) =>
  z.object({
    datasetId: pathIdIn(t, "dataset"),
    documentId: pathIdIn(t, "document"),
    segmentId: pathIdIn(t, "segment"),
  });
export type ChunkLookupValues = z.infer<ReturnType<typeof buildChunkLookupSchema>>;

export type ApiErrorParts = Pick<ApiClientError, "status" | "code" | "message" | "issues">;

const problem = (what: NotFoundSubject, message: string) => ({
  field: `${what}Id` as const,
  what,
  message,
});

// Our own 400 names the id in `issues[].path` (`segment_id`), the upstream's 404 in its message.
export function lookupProblemOf(error: ApiErrorParts) {
  if (error.code === "invalid_request") {
    for (const issue of error.issues) {
      const [, what] = /^(dataset|document|segment)_id$/.exec(issue.path) ?? [];
      if (what) return problem(what as NotFoundSubject, issue.message);
    }
    return null;
  }
  if (error.status !== 404) return null;
  const what = notFoundSubject(error.message);
  return what ? problem(what, error.message) : null;
}
