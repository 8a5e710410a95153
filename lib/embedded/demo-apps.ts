import type { HumanInputSpec, RunContext, RunScript } from "./run-engine";
import type { AppKind } from "./store";

export interface SystemParameters {
  file_size_limit: number;
  image_file_size_limit: number;
  audio_file_size_limit: number;
  video_file_size_limit: number;
  workflow_file_upload_limit: number;
}

// Dify's defaults (MB, and a count for workflow file inputs).
export const DEFAULT_SYSTEM_PARAMETERS: SystemParameters = {
  file_size_limit: 15,
  image_file_size_limit: 10,
  audio_file_size_limit: 50,
  video_file_size_limit: 100,
  workflow_file_upload_limit: 10,
};

// One `user_input_form` item: a single key naming the control type.
export type UserInputItem = Record<string, UserInputConfig>;

export interface UserInputConfig {
  label: string;
  variable: string;
  required: boolean;
  default: string | number | boolean;
  max_length?: number;
  options?: string[];
  allowed_file_types?: string[];
  allowed_file_extensions?: string[];
  allowed_file_upload_methods?: string[];
  /** Hidden by the app's author (`VariableEntity.hide`). */
  hide?: boolean;
}

export interface DemoApp {
  userInputForm: UserInputItem[];
  openingStatement: string;
  suggestedQuestions: string[];
  // Used by the admin demo-runs endpoint when the caller gives no inputs.
  defaultInputs: Record<string, unknown>;
  defaultQuery: string;
  script: RunScript;
}

const DEFAULT_TOPIC = "Quarterly product update";

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function estimateTokens(value: string): number {
  return Math.ceil(value.length / 4);
}

function firstLine(markdown: string): string {
  const line = markdown.split("\n").find((l) => l.trim() !== "") ?? "";
  return line.replace(/^#+\s*/, "").trim();
}

function buildDraft({
  topic,
  audience,
  brief,
}: {
  topic: string;
  audience: string;
  brief: string;
}): string {
  const context = brief.trim() ? ` ${brief.trim()}` : "";
  return [
    `# ${topic}`,
    "",
    `Good news for our ${audience.toLowerCase()}: ${topic} is here.${context}`,
    "",
    "- **What changes:** a faster, simpler experience from day one.",
    "- **Why it matters:** less time on routine work, more on what counts.",
    "- **Next steps:** read the guide and tell us what you think.",
  ].join("\n");
}

function editorialReview({
  topic,
  audience,
  draft,
}: {
  topic: string;
  audience: string;
  draft: string;
}): HumanInputSpec {
  return {
    nodeId: "editorial_review",
    title: "Editorial review",
    formContent: [
      "## Editorial review",
      "",
      `The assistant drafted an announcement about **${topic}** for **${audience}**. Please review it before it goes out.`,
      "",
      "| Check | What to look for |",
      "| --- | --- |",
      "| Accuracy | Names, numbers and dates are right |",
      "| Tone | It fits the audience |",
      "| Assets | A cover image and any supporting files |",
      "",
      "### Draft",
      "{{#$output.draft#}}",
      "",
      "### Tone",
      "{{#$output.tone#}}",
      "",
      "### Cover image",
      "{{#$output.cover#}}",
      "",
      "### Attachments (up to 3)",
      "{{#$output.attachments#}}",
      "",
      "Choose **Approve and publish**, **Request changes** or **Reject**.",
    ].join("\n"),
    inputs: [
      {
        type: "paragraph",
        output_variable_name: "draft",
        default: { type: "variable", selector: ["draft_llm", "text"], value: "" },
      },
      {
        type: "select",
        output_variable_name: "tone",
        option_source: { type: "constant", selector: [], value: ["Formal", "Friendly", "Playful"] },
      },
      {
        type: "file",
        output_variable_name: "cover",
        allowed_file_types: ["image", "document"],
        allowed_file_extensions: [],
        allowed_file_upload_methods: ["local_file", "remote_url"],
      },
      {
        type: "file-list",
        output_variable_name: "attachments",
        allowed_file_types: ["document", "image"],
        allowed_file_extensions: [],
        allowed_file_upload_methods: ["local_file", "remote_url"],
        number_limits: 3,
      },
    ],
    resolvedDefaultValues: { draft },
    actions: [
      { id: "approve", title: "Approve and publish", button_style: "primary" },
      { id: "request_changes", title: "Request changes", button_style: "default" },
      { id: "reject", title: "Reject", button_style: "ghost" },
    ],
  };
}

function finalCheck(revised: string): HumanInputSpec {
  return {
    nodeId: "final_check",
    title: "Final check",
    formContent: [
      "## Final check",
      "",
      "The draft was revised after the editorial review. It now opens with:",
      "",
      `> ${firstLine(revised)}`,
      "",
      "Leave a note for the release team and pick a priority.",
      "",
      "{{#$output.notes#}}",
      "",
      "{{#$output.priority#}}",
    ].join("\n"),
    inputs: [
      // A constant default: not in resolved_default_values, the client shows default.value.
      {
        type: "paragraph",
        output_variable_name: "notes",
        default: { type: "constant", selector: [], value: "Ready for release." },
      },
      {
        type: "select",
        output_variable_name: "priority",
        option_source: { type: "constant", selector: [], value: ["Low", "High"] },
      },
    ],
    resolvedDefaultValues: {},
    actions: [
      { id: "ship", title: "Ship it", button_style: "primary" },
      { id: "hold", title: "Hold", button_style: "accent" },
    ],
  };
}

async function escalate(ctx: RunContext): Promise<void> {
  await ctx.node({ nodeId: "escalate", nodeType: "code", title: "Escalate" });
  ctx.finish({ result: "Timed out: escalated" });
}

async function workflowScript(ctx: RunContext): Promise<void> {
  const inputs = ctx.run.inputs;
  const topic = text(inputs.topic).trim() || DEFAULT_TOPIC;
  const audience = text(inputs.audience) || "Engineers";
  await ctx.node({ nodeId: "start", nodeType: "start", title: "Start", inputs }, async () => {
    await ctx.sleep(ctx.stepDelayMs);
    return { outputs: inputs };
  });

  const draft = buildDraft({ topic, audience, brief: text(inputs.brief) });
  await ctx.node(
    {
      nodeId: "draft_llm",
      nodeType: "llm",
      title: "Draft announcement",
      inputs: { topic, audience },
    },
    async () => {
      await ctx.streamText(draft, {
        selector: ["draft_llm", "text"],
        totalMs: ctx.stepDelayMs * 6,
      });
      return { outputs: { text: draft }, tokens: estimateTokens(draft) };
    },
  );

  const review = await ctx.humanInput(editorialReview({ topic, audience, draft }));
  if (review.kind === "timeout") return escalate(ctx);
  const values = review.submission.inputs;
  const edited = text(values.draft).trim() || draft;
  const attachmentsCount = Array.isArray(values.attachments) ? values.attachments.length : 0;

  if (review.submission.action === "reject") {
    await ctx.node({ nodeId: "archive", nodeType: "code", title: "Archive" });
    ctx.finish({ result: "Rejected" });
    return;
  }

  if (review.submission.action === "approve") {
    await ctx.node({ nodeId: "publish", nodeType: "code", title: "Publish" });
    ctx.finish({
      result: `Published: ${firstLine(edited)}`,
      tone: text(values.tone),
      draft: edited,
      attachments_count: attachmentsCount,
    });
    return;
  }

  const revised = `${edited}\n\n_Revised after editorial review (tone: ${text(values.tone) || "unchanged"})._`;
  await ctx.node({ nodeId: "revise_llm", nodeType: "llm", title: "Revise draft" }, async () => {
    await ctx.streamText(revised.slice(edited.length), {
      selector: ["revise_llm", "text"],
      totalMs: ctx.stepDelayMs * 2,
    });
    return { outputs: { text: revised }, tokens: estimateTokens(revised) };
  });

  const check = await ctx.humanInput(finalCheck(revised));
  if (check.kind === "timeout") return escalate(ctx);
  await ctx.node({ nodeId: "publish", nodeType: "code", title: "Publish" });
  const shipped = check.submission.action === "ship";
  ctx.finish({
    result: `${shipped ? "Published" : "On hold"}: ${firstLine(revised)}`,
    tone: text(values.tone),
    draft: revised,
    attachments_count: attachmentsCount,
    priority: text(check.submission.inputs.priority),
    notes: text(check.submission.inputs.notes),
  });
}

async function chatflowScript(ctx: RunContext): Promise<void> {
  const { run } = ctx;
  const query = run.query ?? "";
  const name = text(run.inputs.customer_name).trim() || "there";
  const product = text(run.inputs.product).trim() || "Acme Cloud";
  await ctx.node({
    nodeId: "start",
    nodeType: "start",
    title: "Start",
    inputs: { ...run.inputs, "sys.query": query },
  });

  const reply =
    `Hi ${name}, thanks for asking about "${query}". ` +
    `${product} covers this: open Settings, choose the option you need, and save. ` +
    "If anything is unclear, reply to this message and we will help right away.";
  await ctx.node(
    { nodeId: "llm", nodeType: "llm", title: "Draft reply", inputs: { query } },
    async () => {
      await ctx.streamText(reply, { selector: ["llm", "text"], totalMs: ctx.stepDelayMs * 4 });
      return { outputs: { text: reply }, tokens: estimateTokens(reply) };
    },
  );

  const outcome = await ctx.humanInput({
    nodeId: "approve_reply",
    title: "Approve reply",
    formContent: [
      "## Approve reply",
      "",
      `A customer asked: **${query}**`,
      "",
      "Check the suggested reply, edit it if needed, then send or discard it.",
      "",
      "{{#$output.reply#}}",
    ].join("\n"),
    inputs: [
      {
        type: "paragraph",
        output_variable_name: "reply",
        default: { type: "variable", selector: ["llm", "text"], value: "" },
      },
    ],
    resolvedDefaultValues: { reply },
    actions: [
      { id: "send", title: "Send", button_style: "primary" },
      { id: "discard", title: "Discard", button_style: "ghost" },
    ],
  });

  let closing: string;
  if (outcome.kind === "timeout")
    closing = "\n\nNo one approved the reply in time; it was escalated to support.";
  else if (outcome.submission.action === "send")
    closing = `\n\nApproved reply:\n\n${text(outcome.submission.inputs.reply).trim() || reply}`;
  else closing = "\n\nThe suggested reply was discarded by a reviewer.";

  await ctx.node({ nodeId: "answer", nodeType: "answer", title: "Answer" }, async () => {
    await ctx.streamText(closing, { selector: [], totalMs: ctx.stepDelayMs * 2 });
    return { outputs: { answer: run.answer } };
  });
  ctx.finish({ answer: run.answer });
}

function parallelReview({
  nodeId,
  title,
  topic,
}: {
  nodeId: string;
  title: string;
  topic: string;
}): HumanInputSpec {
  return {
    nodeId,
    title,
    formContent: [
      `## ${title}`,
      "",
      `Review the announcement about **${topic}** from your side. Another reviewer checks it at the same time.`,
      "",
      "{{#$output.comment#}}",
    ].join("\n"),
    inputs: [{ type: "paragraph", output_variable_name: "comment", default: null }],
    resolvedDefaultValues: {},
    actions: [
      { id: "approve", title: "Approve", button_style: "primary" },
      { id: "reject", title: "Reject", button_style: "ghost" },
    ],
  };
}

/**
 * A workflow whose two parallel branches each reach a Human Input node: both forms are open at
 * once (one `human_input_required` each, then one `workflow_paused`), and each may go to a
 * different person. Started through POST /_embedded/demo-runs with `demo: "parallel"`; with
 * `repauseMs` (`demo: "parallel_repause"`), the run pauses once more naming both answered forms
 * before it resumes, as a server with the fix for #42103 does.
 */
export function parallelReviewScript({ repauseMs }: { repauseMs?: number } = {}): RunScript {
  return async (ctx) => {
    const topic = text(ctx.run.inputs.topic).trim() || DEFAULT_TOPIC;
    await ctx.node({ nodeId: "start", nodeType: "start", title: "Start", inputs: ctx.run.inputs });
    const [legal, brand] = await ctx.humanInputs(
      [
        parallelReview({ nodeId: "legal_review", title: "Legal review", topic }),
        parallelReview({ nodeId: "brand_review", title: "Brand review", topic }),
      ],
      { repauseMs },
    );
    const verdict = (outcome: typeof legal) =>
      outcome?.kind === "submitted" ? outcome.submission.action : "timeout";
    await ctx.node({ nodeId: "merge", nodeType: "code", title: "Merge reviews" });
    ctx.finish({ legal: verdict(legal), brand: verdict(brand) });
  };
}

export const DEMO_APPS: Record<AppKind, DemoApp> = {
  workflow: {
    userInputForm: [
      {
        "text-input": {
          label: "Topic",
          variable: "topic",
          required: true,
          default: "",
          max_length: 120,
        },
      },
      { paragraph: { label: "Brief", variable: "brief", required: false, default: "" } },
      {
        // Hidden by the app's author: never shown, its default goes with the run.
        "text-input": {
          label: "Source",
          variable: "source",
          required: false,
          default: "launcher",
          max_length: 40,
          hide: true,
        },
      },
      {
        select: {
          label: "Audience",
          variable: "audience",
          required: true,
          default: "Engineers",
          options: ["Engineers", "Executives", "Customers"],
        },
      },
      {
        number: {
          label: "Target length (words)",
          variable: "word_count",
          required: false,
          default: "",
        },
      },
      {
        file: {
          label: "Reference image",
          variable: "reference_image",
          required: false,
          default: "",
          allowed_file_types: ["image"],
          allowed_file_extensions: [],
          allowed_file_upload_methods: ["local_file", "remote_url"],
        },
      },
      {
        checkbox: {
          label: "Notify subscribers",
          variable: "notify",
          required: false,
          default: false,
        },
      },
      {
        json_object: {
          label: "Campaign settings (JSON)",
          variable: "campaign",
          required: false,
          default: "",
        },
      },
    ],
    openingStatement: "",
    suggestedQuestions: [],
    defaultInputs: { topic: DEFAULT_TOPIC, audience: "Engineers" },
    defaultQuery: "",
    script: workflowScript,
  },
  chatflow: {
    userInputForm: [
      {
        "text-input": {
          label: "Customer name",
          variable: "customer_name",
          required: false,
          default: "",
          max_length: 80,
        },
      },
      {
        "text-input": {
          label: "Product",
          variable: "product",
          required: false,
          default: "Acme Cloud",
          max_length: 80,
        },
      },
    ],
    openingStatement: "Ask a support question; a reviewer approves each reply before it is sent.",
    suggestedQuestions: ["How do I reset my password?", "Can I export my data?"],
    defaultInputs: {},
    defaultQuery: "How do I export my data?",
    script: chatflowScript,
  },
};

/** The app's user_input_form, with the required text inputs a test added to it. */
export function startFormOf(
  app: AppKind,
  added: { app: AppKind; names: string[] } | null,
): UserInputItem[] {
  const form = DEMO_APPS[app].userInputForm;
  if (added?.app !== app) return form;
  return [
    ...form,
    ...added.names.map((name) => ({
      "text-input": { label: name, variable: name, required: true, default: "", max_length: 100 },
    })),
  ];
}

// The 12-key body of GET /parameters.
export function appParameters(
  app: AppKind,
  system: SystemParameters,
  userInputForm: UserInputItem[],
): Record<string, unknown> {
  const demo = DEMO_APPS[app];
  return {
    opening_statement: demo.openingStatement,
    suggested_questions: demo.suggestedQuestions,
    suggested_questions_after_answer: { enabled: false },
    speech_to_text: { enabled: false },
    text_to_speech: { enabled: false, voice: "", language: "" },
    retriever_resource: { enabled: app === "chatflow" },
    annotation_reply: { enabled: false },
    more_like_this: { enabled: false },
    user_input_form: userInputForm,
    sensitive_word_avoidance: { enabled: false, type: "", configs: [] },
    file_upload: {
      enabled: true,
      image: {
        enabled: true,
        number_limits: 3,
        detail: "high",
        transfer_methods: ["local_file", "remote_url"],
      },
      allowed_file_types: ["image", "document"],
      allowed_file_extensions: [],
      allowed_file_upload_methods: ["local_file", "remote_url"],
      number_limits: 3,
    },
    system_parameters: { ...system },
  };
}
