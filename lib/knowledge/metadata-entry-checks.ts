import type { z } from "zod";
import type { Say } from "@/lib/knowledge/chunk-lookup";
import type { MetadataType } from "@/lib/knowledge/knowledge-views";

// The checks both metadata forms make of their entries (the ids-by-hand editor's rows and the
// browser's fields), worded once under `knowledge.metadata.checks`. `t`: the `knowledge` messages.

/** Longest text value the forms take (Dify stores any string; this keeps a request bounded). */
const MAX_TEXT_VALUE = 1_000;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** Dify stores a `time` as Unix seconds; the input is the browser's local `datetime-local`. */
export function localDateTimeToUnixSeconds(value: string): number | null {
  if (!LOCAL_DATE_TIME.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

export const isNumber = (value: string) =>
  value.trim() !== "" && Number.isFinite(Number(value.trim()));

/** What is wrong with a value for a field of this type, if anything. */
export function entryValueProblem(type: MetadataType, value: string, t: Say): string | null {
  if (type === "number") return isNumber(value) ? null : t("metadata.checks.number");
  if (type === "time")
    return localDateTimeToUnixSeconds(value.trim()) === null ? t("metadata.checks.time") : null;
  return value.length > MAX_TEXT_VALUE
    ? t("metadata.checks.tooLong", { max: MAX_TEXT_VALUE })
    : null;
}

/** Each name once: a later entry of a name already set is marked at `path(index)`. */
export function markRepeatedNames(
  names: readonly string[],
  ctx: z.RefinementCtx,
  path: (index: number) => (string | number)[],
  t: Say,
) {
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (name && seen.has(name)) {
      ctx.addIssue({
        code: "custom",
        path: path(index),
        message: t("metadata.checks.duplicateName", { name }),
      });
    }
    seen.add(name);
  });
}
