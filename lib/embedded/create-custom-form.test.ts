import { describe, expect, it } from "vitest";
import { readSse, withTestServer } from "./test-client";
import type { SseEvent } from "./test-client";

const env = withTestServer({ pingIntervalMs: 50 });

const SIGNATURE_FORM = {
  form_content: "Please sign below.\n\n{{#$output.signature#}}\n\n{{#$output.comment#}}",
  inputs: [
    { type: "signature", output_variable_name: "signature", pen: { color: "blue" } },
    { type: "paragraph", output_variable_name: "comment", default: null },
  ],
  user_actions: [{ id: "done", title: "Done", button_style: "primary" }],
};

interface Created {
  form_token: string;
  workflow_run_id: string | null;
}

async function createForm(body: Record<string, unknown>): Promise<Created> {
  const response = await env.client.admin.request("/forms", { body });
  expect(response.status).toBe(201);
  return (await response.json()) as Created;
}

async function errorOf(
  response: Response,
): Promise<{ status: number; code: string; message: string }> {
  return (await response.json()) as { status: number; code: string; message: string };
}

describe("POST /_embedded/forms", () => {
  it("serves a custom form like a demo form, unknown input types as sent", async () => {
    const created = await createForm({
      ...SIGNATURE_FORM,
      resolved_default_values: { comment: "Looks fine" },
    });
    expect(created.workflow_run_id).toBeNull();
    expect(created.form_token).toMatch(/^[A-Za-z0-9]{22}$/);

    const response = await env.client.get(`/form/human_input/${created.form_token}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      "expiration_time",
      "form_content",
      "inputs",
      "resolved_default_values",
      "user_actions",
    ]);
    expect(body).toMatchObject({
      form_content: SIGNATURE_FORM.form_content,
      inputs: SIGNATURE_FORM.inputs,
      user_actions: SIGNATURE_FORM.user_actions,
      resolved_default_values: { comment: "Looks fine" },
    });
    // Default TTL: the configured one (an hour).
    const expiration = body.expiration_time as number;
    expect(Math.abs(expiration - (Math.floor(Date.now() / 1000) + 3600))).toBeLessThanOrEqual(2);
  });

  it("requires every declared key, the unknown input's included, and keeps its value unchecked", async () => {
    const { form_token: token } = await createForm(SIGNATURE_FORM);
    const missing = await env.client.post(`/form/human_input/${token}`, {
      inputs: {},
      action: "done",
      user: "alice",
    });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toEqual({
      status: 400,
      code: "invalid_form_data",
      message: "Missing required inputs: signature, comment",
    });

    const ok = await env.client.post(`/form/human_input/${token}`, {
      inputs: { signature: "", comment: "Looks fine" },
      action: "done",
      user: "alice",
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({});
    expect(await env.client.formStatus(token)).toMatchObject({
      status: "submitted",
      submission: { inputs: { comment: "Looks fine" }, action: "done", user: "alice" },
    });
    expect((await env.client.get(`/form/human_input/${token}`)).status).toBe(412);
  });

  it("validates known inputs exactly like demo forms", async () => {
    const { form_token: token } = await createForm({
      form_content: "{{#$output.level#}} {{#$output.proof#}}",
      inputs: [
        {
          type: "select",
          output_variable_name: "level",
          option_source: { type: "constant", selector: [], value: ["Low", "High"] },
        },
        {
          type: "file-list",
          output_variable_name: "proof",
          allowed_file_types: ["document"],
          allowed_file_extensions: [],
          allowed_file_upload_methods: ["remote_url"],
          number_limits: 1,
        },
      ],
      user_actions: [{ id: "send", title: "Send", button_style: "primary" }],
    });
    const doc = { type: "document", transfer_method: "remote_url", url: "https://e.com/a.pdf" };
    const bad = await env.client.post(`/form/human_input/${token}`, {
      inputs: { level: "Medium", proof: [doc] },
      action: "send",
      user: "alice",
    });
    expect((await errorOf(bad)).message).toMatch(/^Invalid value for select input 'level': /);
    const tooMany = await env.client.post(`/form/human_input/${token}`, {
      inputs: { level: "Low", proof: [doc, doc] },
      action: "send",
      user: "alice",
    });
    expect((await errorOf(tooMany)).message).toMatch(/'proof': at most 1 files/);
    const wrongAction = await env.client.post(`/form/human_input/${token}`, {
      inputs: { level: "Low", proof: [doc] },
      action: "nope",
      user: "alice",
    });
    expect((await errorOf(wrongAction)).message).toBe("Invalid action: nope");
    expect((await env.client.formStatus(token)).status).toBe("open");
  });

  it("expires after expires_in_seconds with 412 human_input_form_expired", async () => {
    const { form_token: token } = await createForm({ ...SIGNATURE_FORM, expires_in_seconds: 1 });
    const open = (await (await env.client.get(`/form/human_input/${token}`)).json()) as {
      expiration_time: number;
    };
    expect(open.expiration_time - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const get = await env.client.get(`/form/human_input/${token}`);
    expect(get.status).toBe(412);
    expect(await errorOf(get)).toEqual({
      status: 412,
      code: "human_input_form_expired",
      message: expect.stringMatching(/^This form has expired, form_id=[0-9a-f-]{36}$/) as string,
    });
    const post = await env.client.post(`/form/human_input/${token}`, {
      inputs: { comment: "late" },
      action: "done",
      user: "alice",
    });
    expect(post.status).toBe(412);
    expect((await errorOf(post)).code).toBe("human_input_form_expired");
    expect((await env.client.formStatus(token)).status).toBe("expired");
  });

  it("belongs to the chosen app: 404 for the other app's key", async () => {
    const { form_token: token } = await createForm({ ...SIGNATURE_FORM, app: "chatflow" });
    expect(
      (await env.client.get(`/form/human_input/${token}`, { key: env.client.workflowKey })).status,
    ).toBe(404);
    expect(
      (await env.client.get(`/form/human_input/${token}`, { key: env.client.chatflowKey })).status,
    ).toBe(200);
  });

  it("rejects a bad definition with 400 invalid_param", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...SIGNATURE_FORM, user_actions: [] }, /user_actions/],
      [{ ...SIGNATURE_FORM, with_run: true }, /^user: required when with_run/],
      [
        { ...SIGNATURE_FORM, inputs: [{ type: "select", output_variable_name: "x" }] },
        /^inputs\.0\.option_source/,
      ],
      [
        { ...SIGNATURE_FORM, inputs: [{ type: "paragraph", output_variable_name: "1bad" }] },
        /output_variable_name/,
      ],
      [{ ...SIGNATURE_FORM, expires_in_seconds: 0 }, /expires_in_seconds/],
    ];
    for (const [body, message] of cases) {
      const response = await env.client.admin.request("/forms", { body });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("invalid_param");
      expect(error.message).toMatch(message);
    }
  });
});

describe("POST /_embedded/forms with_run", () => {
  it("pauses a run at the form, then finishes it after the submission", async () => {
    const created = await createForm({ ...SIGNATURE_FORM, with_run: true, user: "carol" });
    const runId = created.workflow_run_id ?? "";
    expect(runId).not.toBe("");

    const snapshot = await readSse(
      await env.client.get(`/workflow/${runId}/events?user=carol&include_state_snapshot=true`),
    );
    expect(snapshot.map((e) => e.event).slice(-2)).toEqual([
      "human_input_required",
      "workflow_paused",
    ]);
    expect(snapshot.at(-2)).toMatchObject({
      workflow_run_id: runId,
      data: {
        form_token: created.form_token,
        form_content: SIGNATURE_FORM.form_content,
        inputs: SIGNATURE_FORM.inputs,
        actions: SIGNATURE_FORM.user_actions,
      },
    });
    expect((await env.client.get(`/workflow/${runId}/events?user=mallory`)).status).toBe(404);

    const live = await env.client.get(
      `/workflow/${runId}/events?user=carol&continue_on_pause=true`,
    );
    const reading = readSse(live, (e) => e.event === "workflow_finished");
    const ok = await env.client.post(`/form/human_input/${created.form_token}`, {
      inputs: { signature: "", comment: "Signed" },
      action: "done",
      user: "carol",
    });
    expect(ok.status).toBe(200);
    const events = await reading;
    const names = events.map((e) => e.event);
    const filled = names.indexOf("human_input_form_filled");
    const wrapUp = events.findIndex(
      (e) => e.event === "node_started" && (e.data as { title: string }).title === "Wrap up",
    );
    expect(filled).toBeGreaterThanOrEqual(0);
    expect(wrapUp).toBeGreaterThan(filled);
    expect(events[filled]).toMatchObject({ data: { action_id: "done", action_text: "Done" } });
    const finished = events.at(-1) as SseEvent;
    expect(finished).toMatchObject({
      event: "workflow_finished",
      data: { status: "succeeded", outputs: { result: "Custom form answered: done" } },
    });
  });

  it("a v2 form names its version and channels in its events, and its token answers 404 on v1", async () => {
    const created = await createForm({
      ...SIGNATURE_FORM,
      with_run: true,
      user: "carol",
      form_version: "2",
      approval_channels: ["email", "slack"],
    });
    const runId = created.workflow_run_id ?? "";
    const snapshot = await readSse(
      await env.client.get(`/workflow/${runId}/events?user=carol&include_state_snapshot=true`),
    );
    expect(snapshot.at(-2)).toMatchObject({
      event: "human_input_required",
      data: {
        form_token: created.form_token,
        form_version: "2",
        approval_channels: ["email", "slack"],
      },
    });
    expect(snapshot.at(-1)).toMatchObject({
      event: "workflow_paused",
      data: { reasons: [{ type: "hitl_required", form_version: "2" }] },
    });
    // The v1 route knows no v2 token, as it knows no other recipient's.
    const notFound = { status: 404, code: "not_found", message: "Form not found" };
    const read = await env.client.get(`/form/human_input/${created.form_token}`);
    expect(read.status).toBe(404);
    expect(await read.json()).toEqual(notFound);
    const answer = { inputs: { signature: "", comment: "Signed" }, action: "done", user: "carol" };
    const sent = await env.client.post(`/form/human_input/${created.form_token}`, answer);
    expect(sent.status).toBe(404);
    expect(await sent.json()).toEqual(notFound);
    // A v1 form of the same design is served as ever, and its events name no version.
    const v1 = await createForm({ ...SIGNATURE_FORM });
    expect((await env.client.get(`/form/human_input/${v1.form_token}`)).status).toBe(200);
  });

  it("pauses a chatflow run for a chatflow form, ending with message_end and the result", async () => {
    const created = await createForm({
      ...SIGNATURE_FORM,
      app: "chatflow",
      with_run: true,
      user: "erin",
      expires_in_seconds: 2,
    });
    const runId = created.workflow_run_id ?? "";
    const path = `/workflow/${runId}/events?user=erin&include_state_snapshot=true&continue_on_pause=true`;
    expect((await env.client.get(path)).status).toBe(404);
    const reading = readSse(
      await env.client.get(path, { key: env.client.chatflowKey }),
      (e) => e.event === "workflow_finished",
    );
    const ok = await env.client.post(
      `/form/human_input/${created.form_token}`,
      {
        inputs: { comment: "ok", signature: "data:image/png;base64,AA==" },
        action: "done",
        user: "erin",
      },
      { key: env.client.chatflowKey },
    );
    expect(ok.status).toBe(200);
    const events = await reading;
    expect(events.map((e) => e.event)).toContain("message_end");
    expect(events.find((e) => e.event === "human_input_form_filled")).toMatchObject({
      data: { submitted_data: { comment: "ok", signature: "data:image/png;base64,AA==" } },
    });
    expect(events.at(-1)).toMatchObject({
      data: { status: "succeeded", outputs: { result: "Custom form answered: done" } },
    });
  });
});
