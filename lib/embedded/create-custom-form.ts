import { randomUUID } from "node:crypto";
import type { ServerGeneration } from "./file-types";
import { z } from "zod";
import { customFormSchema, formInputNameSchema, type CustomFormRequest } from "./admin-api";
import { DifyError } from "./dify-error";
import { parseDifyBody } from "./read-dify-json-body";
import { randomFormToken } from "./run-engine";
import type { HumanInputSpec } from "./run-engine";
import type { ServerContext } from "./server-context";
import { isKnownFormInput } from "./store";
import type { AppKind, FormInput, FormRecord } from "./store";

const NODE_ID = "custom_form";
const NODE_TITLE = "Custom form";
// The second form of `after_answer: "email_approval"`, which only an email recipient can answer.
const EMAIL_APPROVAL = {
  nodeId: "manager_approval",
  title: "Manager approval",
  formContent: "Approve the request.",
  inputs: [],
  resolvedDefaultValues: {},
};

const name = formInputNameSchema;
const fileTypes = z.array(z.enum(["image", "document", "audio", "video", "custom"]));
const methods = z.array(z.enum(["local_file", "remote_url"]));
const selector = z.array(z.string());

// The shapes GET /form/human_input serves, so a custom form is served exactly like a demo form.
// Extra keys pass through, as a newer server's extra fields would.
const knownInputSchema = z.discriminatedUnion("type", [
  z.looseObject({
    type: z.enum(["paragraph", "text_input"]),
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
    throw new DifyError(400, "invalid_param", `${path}: ${issue?.message ?? "invalid input"}`);
  });
}

// Creates a form of the caller's design (POST /_embedded/forms). With a run, the run pauses at
// the form like a demo run would, then answers with a "Wrap up" node and finishes.
export async function createCustomForm(
  ctx: ServerContext,
  rawBody: unknown,
): Promise<CustomFormCreated> {
  const body = parseDifyBody(customFormSchema, rawBody);
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
    v2: body.form_version === "2" ? { approvalChannels: body.approval_channels } : undefined,
  };
  const serverGeneration = body.server_generation ?? ctx.config.serverGeneration;
  if (body.with_run)
    return startCustomRun(ctx, {
      app: body.app,
      user: body.user ?? "",
      spec,
      serverGeneration,
      loopTimes: body.loop_times,
      filledFormId: body.filled_form_id,
      afterAnswer: body.after_answer,
    });

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
    serverGeneration,
    emailOnly: false,
    v2: spec.v2,
  };
  // No timer is needed: every read and submit checks the expiry first.
  ctx.store.putForm(form);
  return { form_token: form.token, workflow_run_id: null };
}

async function startCustomRun(
  ctx: ServerContext,
  {
    app,
    user,
    spec,
    serverGeneration,
    loopTimes,
    filledFormId,
    afterAnswer,
  }: {
    app: AppKind;
    user: string;
    spec: HumanInputSpec;
    serverGeneration: ServerGeneration;
    loopTimes: number;
    filledFormId: boolean;
    afterAnswer: CustomFormRequest["after_answer"];
  },
): Promise<CustomFormCreated> {
  const run = ctx.engine.start({
    app,
    user,
    serverGeneration,
    filledFormId,
    inputs: {},
    script: async (rc) => {
      await rc.node({ nodeId: "start", nodeType: "start", title: "Start" }, () =>
        Promise.resolve({ outputs: {} }),
      );
      let outcome = await rc.humanInput(spec);
      for (let round = 1; round < loopTimes && outcome.kind === "submitted"; round++)
        outcome = await rc.humanInput(spec);
      if (outcome.kind === "submitted" && afterAnswer === "stop") return rc.stop();
      if (outcome.kind === "submitted" && afterAnswer === "stall") return rc.stall();
      if (outcome.kind === "submitted" && afterAnswer === "email_approval")
        await rc.humanInput({ ...EMAIL_APPROVAL, emailOnly: true, actions: spec.actions });
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
    throw new DifyError(500, "internal_server_error", `Custom run ended as ${run.status}.`);
  return { form_token: run.currentFormToken, workflow_run_id: run.id };
}
