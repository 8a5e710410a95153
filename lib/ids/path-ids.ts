import * as z from "zod/mini";

// The ids that arrive in the app's routes and end up in upstream paths: letters, digits, `-` and
// `_` only, so no value can carry `/`, `..`, an encoded separator or a control character into the
// upstream URL. zod/mini: the browser checks a typed id with the same rule, in its own words.

export const pathIdSchema = (messages: { missing: string; tooLong: string; notAllowed: string }) =>
  z.string().check(
    // An empty id is only "missing", not also "has characters that are not allowed".
    z.minLength(1, { error: messages.missing, abort: true }),
    z.maxLength(128, messages.tooLong),
    z.regex(/^[A-Za-z0-9_-]+$/, messages.notAllowed),
  );

/** An id the routes check, named in English in what they answer. */
export const pathId = (what: string) =>
  pathIdSchema({
    missing: `${what} is missing`,
    tooLong: `${what} is too long`,
    notAllowed: `${what} has characters that are not allowed`,
  });

export const formTokenSchema = pathId("The form token");
export const runIdSchema = pathId("The run id");

export const formRouteParamsSchema = z.object({ token: formTokenSchema });

export const datasetIdSchema = pathId("The dataset id");

export const datasetRouteParamsSchema = z.object({ dataset_id: datasetIdSchema });
export const documentRouteParamsSchema = z.extend(datasetRouteParamsSchema, {
  document_id: pathId("The document id"),
});
export const segmentRouteParamsSchema = z.extend(documentRouteParamsSchema, {
  segment_id: pathId("The segment id"),
});
