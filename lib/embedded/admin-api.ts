import { z } from "zod";
import { SERVER_GENERATIONS } from "./file-types";

// The admin API under /_embedded/ as one contract: the routes parse requests with these schemas
// and the admin client (admin-client.ts) reads answers with them, so both sides change together.

const appKind = z.enum(["workflow", "chatflow"]);
const replayMode = z.enum(["pubsub", "streams"]);
const snapshotStyle = z.enum(["events", "reasons"]);
const serverGeneration = z.enum(SERVER_GENERATIONS);

// ------------------------------------------------------------------------------------ requests

export const faultKindSchema = z.enum([
  "delay",
  "status500",
  "status501",
  "malformed",
  "drop",
  "hang",
  "cut_stream",
  "silent_stream",
  "empty_ok",
  "json",
  "status500_after_write",
]);

export const faultSchema = z
  .object({
    match: z.object({
      method: z
        .string()
        .min(1)
        .transform((m) => m.toUpperCase())
        .optional(),
      path: z.string().startsWith("/", "must be a path prefix such as /v1/parameters"),
      // Only requests made for this Dify user (its query's, JSON body's or multipart `user`), so
      // a fault on a shared path such as /v1/files/upload stays with the story that set it.
      user: z.string().min(1).optional(),
    }),
    kind: faultKindSchema,
    delay_ms: z.number().min(0).optional(),
    times: z.number().int().positive().optional(),
    // What a `json` fault answers with: a body of the test's own design, with `status` (200
    // unless given), e.g. a newer server's own refusal.
    body: z.unknown().optional(),
    status: z.number().int().min(200).max(599).optional(),
  })
  .refine((fault) => fault.kind !== "delay" || fault.delay_ms !== undefined, {
    path: ["delay_ms"],
    message: "required for a delay fault",
  })
  .refine((fault) => fault.kind !== "json" || fault.body !== undefined, {
    path: ["body"],
    message: "required for a json fault",
  });

/** POST /_embedded/faults: replaces the whole list; POST /_embedded/faults/add appends to it. */
export const faultListSchema = z.object({ faults: z.array(faultSchema) });
export type FaultInput = z.input<typeof faultSchema>;

/** POST /_embedded/demo-runs */
export const demoRunSchema = z.object({
  app: appKind.optional().default("workflow"),
  user: z.string().min(1, "user is required"),
  inputs: z.record(z.string(), z.unknown()).optional(),
  query: z.string().optional(),
  form_ttl_seconds: z.number().positive().optional(),
  // The step delay once the run has paused (it reaches its first form at the service's own pace):
  // a slow run to cut or hold back while it goes on, with no wait before its form opens.
  step_delay_ms: z.number().min(0).max(5_000).optional(),
  // `parallel`: the demo workflow with two Human Input branches open at once; `parallel_repause`:
  // the same, pausing once more at the last form answered before a follow-up resume fills it.
  demo: z.enum(["review", "parallel", "parallel_repause"]).optional().default("review"),
  // How long `parallel_repause` stays at that last pause.
  repause_ms: z.number().min(0).max(10_000).optional().default(2_000),
  replay_mode: replayMode.optional(),
  snapshot_style: snapshotStyle.optional(),
  // Which server generation the run plays (pause reasons, cursors); the service's when not given.
  server_generation: serverGeneration.optional(),
});
export type DemoRunRequest = z.input<typeof demoRunSchema>;

/** POST /_embedded/runs/{run_id}/text-chunks */
export const textChunksSchema = z.object({
  count: z.number().int().min(1).max(10_000),
  interval_ms: z.number().min(0).max(10_000).optional().default(0),
});
export type TextChunksRequest = z.input<typeof textChunksSchema>;

/** POST /_embedded/config: only the keys given change. */
/** A form input's output variable name, as a workflow editor allows it. */
export const formInputNameSchema = z
  .string()
  .regex(/^[a-zA-Z_][a-zA-Z0-9_]{0,29}$/, "must match [a-zA-Z_][a-zA-Z0-9_]{0,29}");

export const configSchema = z.object({
  formTtlSeconds: z.number().positive().optional(),
  stepDelayMs: z.number().min(0).optional(),
  appUnavailable: z.union([z.boolean(), appKind]).optional(),
  replayMode: replayMode.optional(),
  snapshotStyle: snapshotStyle.optional(),
  serverGeneration: serverGeneration.optional(),
  olderMetadataServerFor: z.string().nullable().optional(),
  streamCloseStopsRunFor: z.string().min(1).nullable().optional(),
  resumedAnswerDroppedFor: z.string().min(1).nullable().optional(),
  addedStartInputs: z
    .object({ app: appKind, names: z.array(formInputNameSchema) })
    .nullable()
    .optional(),
});
export type ConfigRequest = z.input<typeof configSchema>;

// Any other type is stored and served as sent, whatever else it carries; known types get their
// full shape checked by create-custom-form.ts.
const anyInputSchema = z.looseObject({
  type: z.string().min(1),
  output_variable_name: formInputNameSchema,
});

/** POST /_embedded/forms: a form of the caller's design, optionally inside a run. */
export const customFormSchema = z
  .object({
    form_content: z.string(),
    inputs: z.array(anyInputSchema),
    user_actions: z
      .array(
        z.object({
          id: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,19}$/, "must be an identifier of 1-20"),
          title: z.string().min(1).max(100),
          button_style: z.enum(["primary", "default", "accent", "ghost"]),
        }),
      )
      .min(1, "at least one action is needed to answer the form"),
    resolved_default_values: z.record(z.string(), z.string()).optional().default({}),
    expires_in_seconds: z.number().positive().optional(),
    app: appKind.optional().default("workflow"),
    user: z.string().min(1).optional(),
    with_run: z.boolean().optional().default(false),
    // Which server generation judges the form's files; the service's setting when not given.
    server_generation: serverGeneration.optional(),
    // With a run: how many times it pauses at the form's node (a loop; a new form each time),
    // whether filled events carry form_id (the newest servers' do not), and what the run does
    // once answered: finish, end as stopped (#39750), stay paused (#42103), or pause at a
    // second form delivered by email only.
    loop_times: z.number().int().min(1).max(5).optional().default(1),
    filled_form_id: z.boolean().optional().default(true),
    after_answer: z
      .enum(["finish", "stop", "stall", "email_approval"])
      .optional()
      .default("finish"),
    // A Human Input v2 form: its events carry `form_version: "2"` and these channels, and its
    // token answers 501 on the form routes.
    form_version: z.enum(["1", "2"]).optional().default("1"),
    approval_channels: z.array(z.string().min(1)).optional().default([]),
  })
  .superRefine((body, issues) => {
    if (body.with_run && !body.user)
      issues.addIssue({
        code: "custom",
        path: ["user"],
        message: "required when with_run is true",
      });
    const seen = new Set<string>();
    for (const [index, input] of body.inputs.entries()) {
      if (seen.has(input.output_variable_name))
        issues.addIssue({
          code: "custom",
          path: ["inputs", index, "output_variable_name"],
          message: `duplicate name '${input.output_variable_name}'`,
        });
      seen.add(input.output_variable_name);
    }
    const ids = body.user_actions.map((a) => a.id);
    if (new Set(ids).size !== ids.length)
      issues.addIssue({ code: "custom", path: ["user_actions"], message: "duplicate action id" });
  });
export type CustomFormRequest = z.infer<typeof customFormSchema>;
/**
 * What a caller sends: loose where tests send shapes on purpose that the service must check
 * (unknown input types, odd button styles); the service answers 400 invalid_param for bad ones.
 */
export type CustomFormInput = Omit<z.input<typeof customFormSchema>, "inputs" | "user_actions"> & {
  inputs: Record<string, unknown>[];
  user_actions: { id: string; title: string; button_style: string }[];
};

// ----------------------------------------------------------------------------------- responses

const success = z.object({ result: z.literal("success") });

const callSchema = z.object({
  method: z.string(),
  path: z.string(),
  status: z.number(),
  at: z.number(),
  request_id: z.string().optional(),
  last_event_id: z.string().optional(),
});
export type CallEntry = z.infer<typeof callSchema>;

const storedFaultSchema = z.object({
  match: z.object({ method: z.string().optional(), path: z.string(), user: z.string().optional() }),
  kind: faultKindSchema,
  delay_ms: z.number().optional(),
  times: z.number().optional(),
  body: z.unknown().optional(),
  status: z.number().optional(),
});
export type StoredFault = z.infer<typeof storedFaultSchema>;

const eventSchema = z.looseObject({ event: z.string() });

/** What each admin route answers, by `METHOD path` with `*` for a path parameter. */
export const adminResponses = {
  "GET health": z.object({ ok: z.literal(true) }),
  "GET calls": z.object({ calls: z.array(callSchema) }),
  "DELETE calls": success,
  "GET streams": z.object({ open: z.number() }),
  "POST streams/drop": z.object({ dropped: z.number() }),
  "GET faults": z.object({ faults: z.array(storedFaultSchema) }),
  "POST faults": z.object({ faults: z.array(storedFaultSchema) }),
  "POST faults/add": z.object({ faults: z.array(storedFaultSchema) }),
  "DELETE faults": success,
  "POST forms": z.object({ form_token: z.string(), workflow_run_id: z.string().nullable() }),
  "GET runs": z.object({
    runs: z.array(z.object({ id: z.string(), app: appKind, status: z.string() })),
  }),
  "GET runs/*": z.object({
    id: z.string(),
    app: appKind,
    user: z.string(),
    status: z.string(),
    current_form_token: z.string().nullable(),
    received_inputs: z.record(z.string(), z.unknown()),
    open_form_tokens: z.array(z.string()),
    replay_mode: replayMode,
    events: z.array(eventSchema),
  }),
  "POST runs/*/text-chunks": z.object({ run_id: z.string(), count: z.number() }),
  "GET forms/*": z.object({
    token: z.string(),
    status: z.enum(["open", "submitted", "expired"]),
    run_id: z.string().nullable(),
    node_id: z.string(),
    submission: z
      .object({
        // As stored: a record parse would lose an input named `__proto__`.
        inputs: z.custom<Record<string, unknown>>((value) => typeof value === "object"),
        action: z.string(),
        user: z.string(),
        submitted_at: z.number(),
      })
      .nullable(),
  }),
  "POST demo-runs": z.object({
    workflow_run_id: z.string(),
    form_token: z.string(),
    form_tokens: z.array(z.string()),
    user: z.string(),
  }),
  "GET datasets/*/documents/*": z.object({
    id: z.string(),
    name: z.string(),
    dataset_id: z.string(),
    doc_metadata: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        value: z.union([z.string(), z.number(), z.null()]),
        type: z.string(),
      }),
    ),
    segment_ids: z.array(z.string()),
  }),
  "POST config": z.object({
    formTtlSeconds: z.number(),
    stepDelayMs: z.number(),
    appUnavailable: z.union([z.boolean(), appKind]),
    replayMode,
    snapshotStyle,
    serverGeneration,
    olderMetadataServerFor: z.string().nullable(),
    streamCloseStopsRunFor: z.string().nullable(),
    resumedAnswerDroppedFor: z.string().nullable(),
    addedStartInputs: z.object({ app: appKind, names: z.array(z.string()) }).nullable(),
  }),
  "POST reset": success,
} as const;

export type AdminRoute = keyof typeof adminResponses;
export type AdminResponse<R extends AdminRoute> = z.infer<(typeof adminResponses)[R]>;
