import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/server/env-schema";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { type FormLinkClaims } from "@/lib/form/form-link";
import { verifyFormLink } from "@/lib/server/form/signed-form-link";
import { nextFormLink } from "@/lib/server/form/next-form-link";

// The next-form link against a scripted upstream: who may ask, and how the current pause is found
// in either replay mode and in either place a server puts the open form's token.

vi.mock("@/lib/server/dify/get-dify-client", () => {
  const client = {
    streamWorkflowEvents: vi.fn(),
  };
  return { getDifyClient: () => client };
});
const { streamWorkflowEvents } = getDifyClient();
vi.mock("@/lib/server/env", () => ({
  getEnv: () => ({ FORM_LINK_SECRET: "test-secret", limits: parseEnv(process.env).limits }),
}));

const env = { task_id: "t", workflow_run_id: "run-1" };
const claims = (scope: "form" | "run", view: "full" | "progress" = "full"): FormLinkClaims => ({
  token: "FirstToken",
  run: "run-1",
  user: "alice",
  exp: Math.floor(Date.now() / 1000) + 600,
  scope,
  view,
  auth: "link",
});
const required = (formId: string, nodeId: string, token: string | null) => ({
  event: "human_input_required",
  ...env,
  data: { form_id: formId, node_id: nodeId, node_title: nodeId, form_token: token },
});
const paused = (reasons: unknown[] = []) => ({
  event: "workflow_paused",
  ...env,
  data: { reasons },
});

/** An upstream stream that sends `events` and then stays open, as continue_on_pause does. */
function openStream(events: unknown[]): Readable {
  const encoder = new TextEncoder();
  return Readable.fromWeb(webStream(events, encoder) as NodeWebReadableStream<Uint8Array>);
}

function webStream(events: unknown[], encoder: TextEncoder): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const event of events)
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
    },
  });
}

const upstream = vi.mocked(streamWorkflowEvents);

beforeEach(() => upstream.mockReset());

function linkedToken(url: string) {
  const parsed = new URL(url, "http://app.local");
  const token = decodeURIComponent(parsed.pathname.replace("/form/", ""));
  const verified = verifyFormLink(token, Object.fromEntries(parsed.searchParams), {
    secret: "test-secret",
    allowUnsigned: false,
  });
  return { token, verified };
}

describe("nextFormLink", () => {
  it("refuses a link that opens its own form only, before asking the upstream", async () => {
    await expect(nextFormLink(claims("form"), { nodeId: "final" })).rejects.toMatchObject({
      status: 403,
      code: "link_scope",
    });
    expect(upstream).not.toHaveBeenCalled();
  });

  it("finds the current pause past an old one in a streams log, and mints a run-scoped link", async () => {
    upstream.mockResolvedValue(
      openStream([
        required("f-1", "review", "FirstToken"),
        paused([{ type: "human_input_required", form_id: "f-1", node_id: "review" }]),
        { event: "workflow_started", ...env, data: { reason: "resumption" } },
        { event: "human_input_form_filled", ...env, data: { form_id: "f-1", node_id: "review" } },
        required("f-2", "final", "SecondToken"),
        paused([{ type: "human_input_required", form_id: "f-2", node_id: "final" }]),
      ]),
    );
    const url = await nextFormLink(claims("run"), { formId: "f-2", nodeId: "final" });
    const { token, verified } = linkedToken(url);
    expect(token).toBe("SecondToken");
    expect(verified).toMatchObject({ ok: true, claims: { scope: "run", user: "alice" } });
    expect(upstream).toHaveBeenCalledWith(
      "run-1",
      expect.objectContaining({ continueOnPause: true, includeStateSnapshot: true }),
    );
  });

  it("reads the token from workflow_paused.data.reasons[] when no human_input_required came", async () => {
    upstream.mockResolvedValue(
      openStream([
        paused([
          { TYPE: "human_input_required", form_id: "f-a", node_id: "a", form_token: "FirstToken" },
          { TYPE: "human_input_required", form_id: "f-b", node_id: "b", form_token: "OtherToken" },
        ]),
      ]),
    );
    const { token } = linkedToken(
      await nextFormLink(claims("run"), { formId: "f-b", nodeId: "b" }),
    );
    expect(token).toBe("OtherToken");
  });

  it("hands a progress-only link on as progress-only: a link never widens what it shows", async () => {
    const events = [required("f-2", "final", "SecondToken"), paused()];
    upstream.mockResolvedValue(openStream(events));
    const narrowed = linkedToken(
      await nextFormLink(claims("run", "progress"), { formId: "f-2", nodeId: "final" }),
    );
    expect(narrowed.verified).toMatchObject({ ok: true, claims: { view: "progress" } });
    upstream.mockResolvedValue(openStream(events));
    const full = linkedToken(await nextFormLink(claims("run"), { formId: "f-2", nodeId: "final" }));
    expect(full.verified).toMatchObject({ ok: true, claims: { view: "full" } });
  });

  it("says not_found for a form the run does not wait at, or one answered elsewhere", async () => {
    upstream.mockResolvedValue(openStream([required("f-1", "mail", null), paused()]));
    await expect(
      nextFormLink(claims("run"), { formId: "f-1", nodeId: "mail" }),
    ).rejects.toMatchObject({ code: "not_found", message: "That form is answered elsewhere." });
    upstream.mockResolvedValue(openStream([required("f-1", "mail", "T"), paused()]));
    await expect(nextFormLink(claims("run"), { formId: "f-9", nodeId: "x" })).rejects.toMatchObject(
      { code: "not_found" },
    );
  });
});
