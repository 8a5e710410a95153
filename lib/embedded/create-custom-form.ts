import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError } from "./api-error";
import { parseBody } from "./read-json-body";
import { randomFormToken } from "./run-engine";
import type { HumanInputSpec } from "./run-engine";
import type { ServerContext } from "./server-context";
import { isKnownFormInput } from "./store";
import type { AppKind, FormInput, FormRecord } from "./store";

const NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,29}$/;
const NODE_ID = "custom_form";
const NODE_TITLE = "Custom form";

const name = z.string().regex(NAME, "must match [a-zA-Z_][a-zA-Z0-9_]{0,29}");
const fileTypes = z.array(z.enum(["image", "document", "audio", "video", "custom"]));
const methods = z.array(z.enum(["local_file", "remote_url"]));
const selector = z.array(z.string());

// The shapes GET /form/human_input serves, so a custom form is served exactly like a demo form.
// Extra keys pass through, as a newer server's extra fields would.
const knownInputSchema = z.discriminatedUnion("type", [
  z.looseObject({
    type: z.literal("paragraph"),
    output_variable_name: name,
    default: z
      .object({ type: z.enum(["constant", "variable"]), selector, value: z.string() })
      .nullable(),
  }),
  z.looseObject({
    type: z.literal("select"),
    output_variable_name: name,
    option_source: z.object({
      type: z.enum(["constant", "variable"]),
      selector,
      value: z.array(z.string()),
    }),
  }),
  z.looseObject({
    type: z.literal("file"),
    output_variable_name: name,
    allowed_file_types: fileTypes,
    allowed_file_extensions: z.array(z.string()),
    allowed_file_upload_methods: methods,
  }),
  z.looseObject({
    type: z.literal("file-list"),
    output_variable_name: name,
    allowed_file_types: fileTypes,
    allowed_file_extensions: z.array(z.string()),
    allowed_file_upload_methods: methods,
    number_limits: z.number().int().min(0),
  }),
]);

// Any other type is stored and served as sent, whatever else it carries.
const anyInputSchema = z.looseObject({ type: z.string().min(1), output_variable_name: name });

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
    app: z.enum(["workflow", "chatflow"]).optional().default("workflow"),
    user: z.string().min(1).optional(),
    with_run: z.boolean().optional().default(false),
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

export interface CustomFormCreated {
  form_token: string;
  workflow_run_id: string | null;
}

// Known types must have their full shape; a typo'd known type is a test bug, not "unknown".
function parseInputs(raw: CustomFormRequest["inputs"]): FormInput[] {
  return raw.map((input, index) => {
    if (!isKnownFormInput(input)) return input;
    const result = knownInputSchema.safeParse(input);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const path = ["inputs", index, ...(issue?.path ?? [])].map(String).join(".");
    throw new ApiError(400, "invalid_param", `${path}: ${issue?.message ?? "invalid input"}`);
  });
}

// Creates a form of the caller's design (POST /_embedded/forms). With a run, the run pauses at
// the form like a demo run would, then answers with a "Wrap up" node and finishes.
export async function createCustomForm(
  ctx: ServerContext,
  rawBody: unknown,
): Promise<CustomFormCreated> {
  const body = parseBody(customFormSchema, rawBody);
  const inputs = parseInputs(body.inputs);
  const ttlSeconds = body.expires_in_seconds ?? ctx.config.formTtlSeconds;
  const spec: HumanInputSpec = {
    nodeId: NODE_ID,
    title: NODE_TITLE,
    formContent: body.form_content,
    inputs,
    resolvedDefaultValues: body.resolved_default_values,
    actions: body.user_actions,
    ttlSeconds,
  };
  if (body.with_run) return startCustomRun(ctx, body.app, body.user ?? "", spec);

  const form: FormRecord = {
    token: randomFormToken(),
    formId: randomUUID(),
    app: body.app,
    runId: null,
    nodeId: spec.nodeId,
    nodeTitle: spec.title,
    formContent: spec.formContent,
    inputs,
    resolvedDefaultValues: spec.resolvedDefaultValues,
    actions: spec.actions,
    createdAt: Math.floor(Date.now() / 1000),
    expiresAtMs: Date.now() + ttlSeconds * 1000,
    status: "open",
    submission: null,
  };
  // No timer is needed: every read and submit checks the expiry first.
  ctx.store.putForm(form);
  return { form_token: form.token, workflow_run_id: null };
}

async function startCustomRun(
  ctx: ServerContext,
  app: AppKind,
  user: string,
  spec: HumanInputSpec,
): Promise<CustomFormCreated> {
  const run = ctx.engine.start({
    app,
    user,
    inputs: {},
    script: async (rc) => {
      await rc.node({ nodeId: "start", nodeType: "start", title: "Start" }, () =>
        Promise.resolve({ outputs: {} }),
      );
      const outcome = await rc.humanInput(spec);
      await rc.node({ nodeId: "wrap_up", nodeType: "code", title: "Wrap up" });
      rc.finish({
        result:
          outcome.kind === "submitted"
            ? `Custom form answered: ${outcome.submission.action}`
            : "Custom form timed out",
      });
    },
  });
  await ctx.engine.settled(run);
  if (run.status !== "paused" || !run.currentFormToken)
    throw new ApiError(500, "internal_server_error", `Custom run ended as ${run.status}.`);
  return { form_token: run.currentFormToken, workflow_run_id: run.id };
}
