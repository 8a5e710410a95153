import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  appParametersSchema,
  chunkEnvelopeSchema,
  datasetPageSchema,
  difyErrorBodySchema,
  documentPageSchema,
  humanInputFormSchema,
  metadataFieldsSchema,
  metadataUpdateResultSchema,
  parseUserInputControl,
  segmentPageSchema,
  uploadedFileSchema,
} from "@/lib/dify/schemas";
import { streamEventSchema } from "@/lib/dify/browser-schemas";
import { toFormView } from "@/lib/server/form/load-form-view";
import { openapiSpec } from "@/lib/tools/test/expect-matches-spec";

// Contract: every example Dify's published description gives for the operations and events the
// app uses parses with the app's own wire schemas, so the app accepts what
// a real server documents. Where an example disagrees with Dify's source, the source wins and the
// row says so.

type Examples = { name: string; value: unknown }[];

function examplesOf(path: string, method: string, status: string, type: string): Examples {
  const paths = openapiSpec.paths as Record<string, Record<string, unknown>>;
  const operation = paths[path]?.[method] as
    { responses: Record<string, { content?: Record<string, { examples?: object }> }> } | undefined;
  const examples = operation?.responses[status]?.content?.[type]?.examples ?? {};
  return Object.entries(examples as Record<string, { value: unknown }>).map(([name, e]) => ({
    name,
    value: e.value,
  }));
}

const FORM = "/form/human_input/{form_token}";
const SEGMENT = "/datasets/{dataset_id}/documents/{document_id}/segments/{segment_id}";

// Operation, status, and the app's schema for its JSON answer.
const BODIES: [string, string, string, z.ZodType][] = [
  ["/parameters", "get", "200", appParametersSchema],
  [FORM, "get", "200", humanInputFormSchema],
  ["/files/upload", "post", "201", uploadedFileSchema],
  ["/datasets/{dataset_id}/documents/metadata", "post", "200", metadataUpdateResultSchema],
  [SEGMENT, "get", "200", chunkEnvelopeSchema],
  ["/datasets", "get", "200", datasetPageSchema],
  ["/datasets/{dataset_id}/documents", "get", "200", documentPageSchema],
  ["/datasets/{dataset_id}/metadata", "get", "200", metadataFieldsSchema],
  ["/datasets/{dataset_id}/documents/{document_id}/segments", "get", "200", segmentPageSchema],
];

// Operations whose error examples the app reads with its error schema.
const ERRORS: [string, string][] = [
  ["/parameters", "get"],
  [FORM, "get"],
  [FORM, "post"],
  ["/files/upload", "post"],
  ["/datasets/{dataset_id}/documents/metadata", "post"],
  [SEGMENT, "get"],
  ["/datasets/{dataset_id}/documents", "get"],
  ["/datasets/{dataset_id}/metadata", "get"],
  ["/datasets/{dataset_id}/documents/{document_id}/segments", "get"],
  ["/workflows/run", "post"],
  ["/chat-messages", "post"],
  ["/workflow/{workflow_run_id}/events", "get"],
];

// Operations whose stream examples carry the events the app reads.
const STREAMS: [string, string][] = [
  ["/workflows/run", "post"],
  ["/chat-messages", "post"],
  ["/workflow/{workflow_run_id}/events", "get"],
];

const KNOWN_EVENTS = new Set(
  streamEventSchema.def.options.map((option) => String(option.shape.event.def.values[0])),
);

// An example stream is its `data:` lines run together; each payload is one JSON object.
function eventsIn(stream: string): { event: string }[] {
  return stream
    .split(/(?:^|\s)data: /)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => JSON.parse(part) as { event: string });
}

describe("the description's examples parse with the app's wire schemas", () => {
  const bodies = BODIES.flatMap(([path, method, status, schema]) =>
    examplesOf(path, method, status, "application/json").map((example) => ({
      label: `${method.toUpperCase()} ${path} ${status} ${example.name}`,
      value: example.value,
      schema,
    })),
  );
  it("has an example for every answer", () => {
    expect(bodies.map((b) => b.label.split(" ").slice(0, 3).join(" "))).toEqual(
      expect.arrayContaining(BODIES.map(([p, m, s]) => `${m.toUpperCase()} ${p} ${s}`)),
    );
  });
  it.each(bodies)("$label", ({ value, schema }) => {
    expect(() => schema.parse(value)).not.toThrow();
  });

  it("maps the form example to the app's own view", () => {
    for (const { value } of examplesOf(FORM, "get", "200", "application/json"))
      expect(toFormView("token", humanInputFormSchema.parse(value), undefined).fields.length).toBe(
        (value as { inputs: unknown[] }).inputs.length,
      );
  });

  it("reads every user_input_form control of the parameters example", () => {
    for (const { value } of examplesOf("/parameters", "get", "200", "application/json")) {
      for (const item of appParametersSchema.parse(value).user_input_form)
        expect(() => parseUserInputControl(item)).not.toThrow();
    }
  });

  const errors = ERRORS.flatMap(([path, method]) => {
    const operation = (openapiSpec.paths as Record<string, Record<string, { responses: object }>>)[
      path
    ]?.[method];
    return Object.keys(operation?.responses ?? {})
      .filter((status) => Number(status) >= 400)
      .flatMap((status) =>
        examplesOf(path, method, status, "application/json").map((example) => ({
          label: `${method.toUpperCase()} ${path} ${status} ${example.name}`,
          value: example.value,
        })),
      );
  });
  it.each(errors)("$label", ({ value }) => {
    expect(() => difyErrorBodySchema.parse(value)).not.toThrow();
  });

  const events = STREAMS.flatMap(([path, method]) =>
    examplesOf(path, method, "200", "text/event-stream").flatMap((example) =>
      eventsIn(String(example.value)).map((event, index) => ({
        label: `${method.toUpperCase()} ${path} ${example.name} #${index + 1} ${event.event}`,
        event,
      })),
    ),
  );
  it("finds the events of every stream example", () => {
    const names = new Set(events.map((e) => e.event.event));
    for (const name of ["human_input_required", "workflow_paused", "human_input_form_filled"])
      expect(names).toContain(name);
  });
  // Events the app does not read (reasoning_chunk, agent_thought, ...) must still not break it.
  it.each(events)("$label", ({ event }) => {
    const parsed = streamEventSchema.safeParse(event);
    if (KNOWN_EVENTS.has(event.event)) expect(parsed.error?.issues ?? []).toEqual([]);
    else expect(parsed.success).toBe(false);
  });
});
