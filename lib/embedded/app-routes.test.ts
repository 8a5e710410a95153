import { beforeAll, describe, expect, it } from "vitest";
import { readSse, withTestServer } from "./test-client";
import type { SseEvent } from "./test-client";

const env = withTestServer({ pingIntervalMs: 50 });

function validSubmission(user = "alice"): {
  inputs: Record<string, unknown>;
  action: string;
  user: string;
} {
  return {
    inputs: {
      draft: "# Launch day\n\nWe shipped it.",
      tone: "Friendly",
      cover: {
        type: "document",
        transfer_method: "remote_url",
        url: "https://example.com/brief.pdf",
      },
      attachments: [],
    },
    action: "approve",
    user,
  };
}

async function uploadAs(user: string, name = "cover.png"): Promise<string> {
  const form = new FormData();
  form.append("user", user);
  form.append("file", new Blob([new Uint8Array(64)], { type: "image/png" }), name);
  const response = await fetch(`${env.server.url}/files/upload`, {
    method: "POST",
    headers: env.client.auth(env.client.workflowKey),
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function submit(token: string, body: unknown): Promise<Response> {
  return env.client.post(`/form/human_input/${token}`, body);
}

// A rejected submission answers 400 with the given code and message and leaves the form open.
async function expectRejected(
  token: string,
  body: unknown,
  code: string,
  message: RegExp,
): Promise<void> {
  const response = await submit(token, body);
  expect(response.status).toBe(400);
  const error = (await response.json()) as { status: number; code: string; message: string };
  expect(error.status).toBe(400);
  expect(error.code).toBe(code);
  expect(error.message).toMatch(message);
  expect((await env.client.get(`/form/human_input/${token}`)).status).toBe(200);
  expect((await env.client.formStatus(token)).status).toBe("open");
}

describe("GET /form/human_input/{token}", () => {
  it("returns exactly the five documented keys for an open form", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    const response = await env.client.get(`/form/human_input/${run.form_token}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        "expiration_time",
        "form_content",
        "inputs",
        "resolved_default_values",
        "user_actions",
      ].sort(),
    );
    expect(body.form_content).toContain("{{#$output.draft#}}");
    expect(body.resolved_default_values).toMatchObject({
      draft: expect.stringContaining("# ") as unknown,
    });
    expect(body.user_actions).toEqual([
      { id: "approve", title: "Approve and publish", button_style: "primary" },
      { id: "request_changes", title: "Request changes", button_style: "default" },
      { id: "reject", title: "Reject", button_style: "ghost" },
    ]);
    expect(Number.isInteger(body.expiration_time)).toBe(true);
    expect(run.form_token).toMatch(/^[A-Za-z0-9]{22}$/);
  });

  it("answers 404 not_found for an unknown token", async () => {
    const response = await env.client.get("/form/human_input/doesNotExist0000000000");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      status: 404,
      code: "not_found",
      message: "Form not found",
    });
  });

  it("answers 404 for a token of the other app", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    const response = await env.client.get(`/form/human_input/${run.form_token}`, {
      key: env.client.chatflowKey,
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe("not_found");
  });
});

describe("POST /form/human_input/{token} rejections", () => {
  it("answers 404 to the token of a form for an email recipient, on GET and POST", async () => {
    const created = await env.client.admin.createForm({
      form_content: "",
      inputs: [],
      user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
      with_run: true,
      user: "alice",
      after_answer: "email_approval",
    });
    expect(
      (await submit(created.form_token, { inputs: {}, action: "ok", user: "alice" })).status,
    ).toBe(200);
    let emailToken: string | undefined;
    for (let i = 0; i < 50 && !emailToken; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      emailToken = (await env.client.admin.run(created.workflow_run_id ?? "")).open_form_tokens[0];
    }
    const token = emailToken ?? "";
    expect((await env.client.formStatus(token)).status).toBe("open");
    expect((await env.client.get(`/form/human_input/${token}`)).status).toBe(404);
    const post = await submit(token, { inputs: {}, action: "ok", user: "alice" });
    expect(await post.json()).toMatchObject({ status: 404, code: "not_found" });
  });

  it("keeps inputs named like an object's own keys (__proto__, constructor), as a dict does", async () => {
    const { form_token: token } = await env.client.admin.createForm({
      form_content: "",
      inputs: ["__proto__", "constructor"].map((name) => ({
        type: "paragraph",
        output_variable_name: name,
        default: null,
      })),
      user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
    });
    // Built from JSON: an object literal's `__proto__` would set its prototype instead.
    const body = (inputs: string) =>
      JSON.parse(`{"inputs": ${inputs}, "action": "ok", "user": "alice"}`) as unknown;
    await expectRejected(
      token,
      body('{"__proto__": "x"}'),
      "invalid_form_data",
      /^Missing required inputs: constructor$/,
    );
    expect((await submit(token, body('{"__proto__": "x", "constructor": "y"}'))).status).toBe(200);
    const { submission } = await env.client.formStatus(token);
    expect(Object.entries(submission?.inputs ?? {})).toEqual([
      ["__proto__", "x"],
      ["constructor", "y"],
    ]);
  });

  let token: string;

  beforeAll(async () => {
    token = (await env.client.demoRun({ user: "alice" })).form_token;
  });

  it("rejects an unknown action", async () => {
    await expectRejected(
      token,
      { ...validSubmission(), action: "launch" },
      "invalid_form_data",
      /^Invalid action: launch$/,
    );
  });

  it("rejects a submission missing declared inputs, naming them", async () => {
    const body = validSubmission();
    delete body.inputs.tone;
    delete body.inputs.cover;
    await expectRejected(
      token,
      body,
      "invalid_form_data",
      /^Missing required inputs: tone, cover$/,
    );
  });

  it("accepts an empty paragraph but not a paragraph that is not a string", async () => {
    const body = validSubmission();
    body.inputs.draft = 42;
    await expectRejected(token, body, "invalid_form_data", /paragraph input 'draft'/);
  });

  it("rejects a select value that is not one of the options", async () => {
    const body = validSubmission();
    body.inputs.tone = "Grumpy";
    await expectRejected(
      token,
      body,
      "invalid_form_data",
      /^Invalid value for select input 'tone': /,
    );
  });

  it("rejects a malformed file mapping", async () => {
    const body = validSubmission();
    body.inputs.cover = "cover.png";
    await expectRejected(
      token,
      body,
      "invalid_form_data",
      /^Invalid value for file input 'cover': /,
    );
    body.inputs.cover = {
      type: "image",
      transfer_method: "remote_url",
      url: "ftp://example.com/a.png",
    };
    await expectRejected(
      token,
      body,
      "invalid_form_data",
      /^Invalid value for file input 'cover': .*http/,
    );
  });

  it("rejects a file type the input does not allow", async () => {
    const body = validSubmission();
    body.inputs.cover = {
      type: "audio",
      transfer_method: "remote_url",
      url: "https://example.com/a.mp3",
    };
    await expectRejected(
      token,
      body,
      "invalid_form_data",
      /file input 'cover': file type 'audio' is not allowed/,
    );
  });

  it("rejects a transfer method the input does not allow", async () => {
    const body = validSubmission();
    body.inputs.cover = { type: "image", transfer_method: "tool_file", tool_file_id: "x" };
    await expectRejected(
      token,
      body,
      "invalid_form_data",
      /file input 'cover': transfer method 'tool_file' is not allowed/,
    );
  });

  it("rejects an upload that belongs to another user", async () => {
    const bobsUpload = await uploadAs("bob");
    const body = validSubmission("alice");
    body.inputs.cover = {
      type: "image",
      transfer_method: "local_file",
      upload_file_id: bobsUpload,
    };
    await expectRejected(
      token,
      body,
      "invalid_form_data",
      /file input 'cover': upload file '.*' not found/,
    );
  });

  it("rejects an unknown upload id", async () => {
    const body = validSubmission();
    body.inputs.attachments = [
      { type: "image", transfer_method: "local_file", upload_file_id: "no-such-upload" },
    ];
    await expectRejected(token, body, "invalid_form_data", /file input 'attachments': .*not found/);
  });

  it("rejects more files than number_limits and a file list that is not a list", async () => {
    const body = validSubmission();
    const file = {
      type: "document",
      transfer_method: "remote_url",
      url: "https://example.com/a.pdf",
    };
    body.inputs.attachments = [file, file, file, file];
    await expectRejected(
      token,
      body,
      "invalid_form_data",
      /file input 'attachments': at most 3 files/,
    );
    body.inputs.attachments = file;
    await expectRejected(
      token,
      body,
      "invalid_form_data",
      /file input 'attachments': expected a list/,
    );
  });

  it("rejects a remote URL the env.server cannot fetch, single file or in a list", async () => {
    const body = validSubmission();
    const url = "https://unreachable.invalid/a.pdf";
    body.inputs.cover = { type: "document", transfer_method: "remote_url", url };
    await expectRejected(
      token,
      body,
      "invalid_form_data",
      /^Invalid value for file input 'cover': failed to fetch remote file https:\/\/unreachable\.invalid\/a\.pdf$/,
    );
    body.inputs = validSubmission().inputs;
    body.inputs.attachments = [
      { type: "document", transfer_method: "remote_url", url: "https://example.com/ok.pdf" },
      { type: "document", transfer_method: "remote_url", url },
    ];
    await expectRejected(
      token,
      body,
      "invalid_form_data",
      /^Invalid value for file input 'attachments': failed to fetch remote file https:\/\/unreachable/,
    );
  });

  it("rejects a body without action, user or inputs as invalid_param", async () => {
    const { action: _action, ...noAction } = validSubmission();
    await expectRejected(token, noAction, "invalid_param", /action/);
    const { user: _user, ...noUser } = validSubmission();
    await expectRejected(token, noUser, "invalid_param", /^Arg user must be provided\.$/);
    const { inputs: _inputs, ...noInputs } = validSubmission();
    await expectRejected(token, noInputs, "invalid_param", /inputs/);
  });

  it("still accepts a valid submission after all those rejections, with the user's own upload", async () => {
    const upload = await uploadAs("alice");
    const body = validSubmission("alice");
    body.inputs.draft = "";
    body.inputs.cover = { type: "image", transfer_method: "local_file", upload_file_id: upload };
    const response = await submit(token, body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    const status = await env.client.formStatus(token);
    expect(status.status).toBe("submitted");
    expect(status.submission).toMatchObject({
      inputs: body.inputs,
      action: "approve",
      user: "alice",
    });
  });
});

describe("closed forms", () => {
  it("answers 412 human_input_form_submitted to GET and POST once submitted", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    expect((await submit(run.form_token, validSubmission())).status).toBe(200);
    const get = await env.client.get(`/form/human_input/${run.form_token}`);
    expect(get.status).toBe(412);
    expect(((await get.json()) as { code: string }).code).toBe("human_input_form_submitted");
    const again = await submit(run.form_token, validSubmission("bob"));
    expect(again.status).toBe(412);
    expect(((await again.json()) as { code: string }).code).toBe("human_input_form_submitted");
  });

  it("answers 412 human_input_form_expired after the TTL and takes the timeout branch", async () => {
    await env.client.admin.request("/config", { body: { formTtlSeconds: 0.3 } });
    const run = await env.client.demoRun({ user: "alice" });
    const live = await env.client.get(
      `/workflow/${run.workflow_run_id}/events?user=alice&continue_on_pause=true`,
    );
    const events = await readSse(live, (e) => e.event === "workflow_finished");
    expect(events.map((e) => e.event)).toContain("human_input_form_timeout");
    const finished = events.at(-1) as SseEvent & { data: { status: string; outputs: unknown } };
    expect(finished.data).toMatchObject({
      status: "succeeded",
      outputs: { result: "Timed out: escalated" },
    });

    const get = await env.client.get(`/form/human_input/${run.form_token}`);
    expect(get.status).toBe(412);
    expect(((await get.json()) as { code: string }).code).toBe("human_input_form_expired");
    const post = await submit(run.form_token, validSubmission());
    expect(post.status).toBe(412);
    expect(((await post.json()) as { code: string }).code).toBe("human_input_form_expired");
  });

  it("lets exactly one of 50 simultaneous submissions win", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => submit(run.form_token, validSubmission(`user-${i}`))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(49);
    const losers = await Promise.all(
      responses.filter((r) => r.status === 412).map((r) => r.json()),
    );
    expect(new Set(losers.map((b) => (b as { code: string }).code))).toEqual(
      new Set(["human_input_form_submitted"]),
    );
    const winner = responses.findIndex((r) => r.status === 200);
    expect((await env.client.formStatus(run.form_token)).submission).toMatchObject({
      user: `user-${winner}`,
    });
  });
});

describe("GET /workflow/{run_id}/events", () => {
  it("answers 404 to another user, another app or an unknown run, and 400 without user", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    const other = await env.client.get(`/workflow/${run.workflow_run_id}/events?user=mallory`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({
      status: 404,
      code: "not_found",
      message: "Workflow run not found",
    });
    expect(
      (
        await env.client.get(`/workflow/${run.workflow_run_id}/events?user=alice`, {
          key: env.client.chatflowKey,
        })
      ).status,
    ).toBe(404);
    expect((await env.client.get(`/workflow/unknown-run/events?user=alice`)).status).toBe(404);
    const noUser = await env.client.get(`/workflow/${run.workflow_run_id}/events`);
    expect(noUser.status).toBe(400);
    expect(((await noUser.json()) as { message: string }).message).toBe(
      "Arg user must be provided.",
    );
  });

  it("replays a paused run's state with include_state_snapshot=true, then ends at workflow_paused", async () => {
    const start = await env.client.post("/workflows/run", {
      inputs: { topic: "Snapshots", audience: "Engineers" },
      response_mode: "streaming",
      user: "alice",
    });
    expect(start.headers.get("content-type")).toBe("text/event-stream");
    const original = await readSse(start);
    expect(original.at(-1)?.event).toBe("workflow_paused");
    const runId = original[0]?.workflow_run_id as string;

    const response = await env.client.get(
      `/workflow/${runId}/events?user=alice&include_state_snapshot=true`,
    );
    const replay = await readSse(response);
    expect(replay.map((e) => e.event)).toEqual([
      "workflow_started",
      "node_started",
      "node_finished",
      "node_started",
      "node_finished",
      "node_started",
      // The paused Human Input node, as a pubsub server's snapshot shows it.
      "node_finished",
      "human_input_required",
      "workflow_paused",
    ]);
    expect(replay[6]).toMatchObject({
      data: { node_id: "editorial_review", status: "paused" },
    });
    // Finished nodes come from their execution records: no inputs, outputs or error.
    const details = { inputs: null, process_data: null, outputs: null, error: null };
    const finishedWithout = (event: SseEvent) =>
      event.event === "node_finished" ? { ...(event.data as object), ...details } : event.data;
    expect(
      replay.filter((e, i) => i !== 6 && e.event.startsWith("node_")).map((e) => e.data),
    ).toEqual(original.filter((e) => e.event.startsWith("node_")).map(finishedWithout));
    expect(replay[7]).toEqual(original.find((e) => e.event === "human_input_required"));
  });

  it("without a snapshot repeats nothing already sent: live events to the next pause", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    const reading = readSse(
      await env.client.get(`/workflow/${run.workflow_run_id}/events?user=alice`),
    );
    await submit(run.form_token, { ...validSubmission(), action: "request_changes" });
    const events = await reading;
    expect(events[0]).toMatchObject({ event: "workflow_started", data: { reason: "resumption" } });
    expect(events.filter((e) => e.event === "workflow_paused")).toHaveLength(1);
    expect(events.at(-1)?.event).toBe("workflow_paused");
    expect(
      events.some(
        (e) => e.event === "node_started" && (e.data as { node_id: string }).node_id === "start",
      ),
    ).toBe(false);
  });

  it("with continue_on_pause carries the resumption through to workflow_finished", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    const response = await env.client.get(
      `/workflow/${run.workflow_run_id}/events?user=alice&continue_on_pause=true`,
    );
    const reading = readSse(response, (e) => e.event === "workflow_finished");
    expect((await submit(run.form_token, validSubmission())).status).toBe(200);
    const events = await reading;
    const names = events.map((e) => e.event);
    expect(names.slice(0, 2)).toEqual(["workflow_started", "human_input_form_filled"]);
    expect(events[0]).toMatchObject({ data: { reason: "resumption" } });
    expect(events[1]).toMatchObject({
      data: {
        node_id: "editorial_review",
        action_id: "approve",
        action_text: "Approve and publish",
      },
    });
    expect(events.at(-1)).toMatchObject({
      event: "workflow_finished",
      data: {
        status: "succeeded",
        outputs: { result: "Published: Launch day", tone: "Friendly", attachments_count: 0 },
      },
    });
  });

  it("sends a finished run as one workflow_finished event", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    await submit(run.form_token, { ...validSubmission(), action: "reject" });
    await readSse(
      await env.client.get(
        `/workflow/${run.workflow_run_id}/events?user=alice&continue_on_pause=true`,
      ),
      (e) => e.event === "workflow_finished",
    );
    const events = await readSse(
      await env.client.get(
        `/workflow/${run.workflow_run_id}/events?user=alice&include_state_snapshot=true`,
      ),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: "workflow_finished",
      data: { status: "succeeded", outputs: { result: "Rejected" } },
    });
  });

  it("pauses again at Final check after request_changes", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    await submit(run.form_token, { ...validSubmission(), action: "request_changes" });
    // The snapshot covers both cases: still revising (live events) or already paused (replay).
    const paused = await readSse(
      await env.client.get(
        `/workflow/${run.workflow_run_id}/events?user=alice&include_state_snapshot=true`,
      ),
    );
    expect(paused.at(-1)?.event).toBe("workflow_paused");
    const required = paused.filter((e) => e.event === "human_input_required").at(-1) as SseEvent & {
      data: { node_id: string; form_token: string };
    };
    expect(required.data.node_id).toBe("final_check");
    expect(required.data.form_token).not.toBe(run.form_token);
    expect(
      (
        await submit(required.data.form_token, {
          inputs: { notes: "", priority: "High" },
          action: "ship",
          user: "alice",
        })
      ).status,
    ).toBe(200);
  });

  it("releases the stream when the env.client goes away", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    const before = ((await (await env.client.admin.request("/streams")).json()) as { open: number })
      .open;
    const controller = new AbortController();
    const response = await fetch(
      `${env.server.url}/workflow/${run.workflow_run_id}/events?user=alice&continue_on_pause=true`,
      {
        headers: env.client.auth(env.client.workflowKey),
        signal: controller.signal,
      },
    );
    expect(response.status).toBe(200);
    expect(
      ((await (await env.client.admin.request("/streams")).json()) as { open: number }).open,
    ).toBe(before + 1);
    controller.abort();
    let open = before + 1;
    for (let i = 0; i < 50 && open !== before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      open = ((await (await env.client.admin.request("/streams")).json()) as { open: number }).open;
    }
    expect(open).toBe(before);
  });
});

describe("POST /workflows/run and /chat-messages", () => {
  it("returns the paused run in blocking mode and validates required inputs", async () => {
    const blocking = await env.client.post("/workflows/run", {
      inputs: { topic: "Blocking", audience: "Customers" },
      response_mode: "blocking",
      user: "alice",
    });
    expect(blocking.status).toBe(200);
    expect(await blocking.json()).toMatchObject({ data: { status: "paused", outputs: {} } });

    const missing = await env.client.post("/workflows/run", {
      inputs: { audience: "Customers" },
      user: "alice",
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: "invalid_param",
      message: expect.stringContaining("topic") as unknown,
    });
    const wrongApp = await env.client.post(
      "/workflows/run",
      { inputs: {}, user: "alice" },
      { key: env.client.chatflowKey },
    );
    expect(((await wrongApp.json()) as { code: string }).code).toBe("not_workflow_app");
  });

  it("takes start inputs named like an object's own keys (__proto__, constructor)", async () => {
    await env.client.admin.configure({
      addedStartInputs: { app: "workflow", names: ["__proto__", "constructor"] },
    });
    try {
      const parameters = (await (await env.client.get("/parameters")).json()) as {
        user_input_form: Record<string, { variable: string; required: boolean }>[];
      };
      expect(
        parameters.user_input_form.slice(-2).map((item) => item["text-input"]?.variable),
      ).toEqual(["__proto__", "constructor"]);
      // Built from JSON: an object literal's `__proto__` would set its prototype instead.
      const run = (inputs: string) =>
        env.client.post("/workflows/run", {
          inputs: JSON.parse(`{"topic": "t", "audience": "Engineers", ${inputs}}`) as unknown,
          response_mode: "blocking",
          user: "alice",
        });
      expect(await (await run('"constructor": "y"')).json()).toMatchObject({
        code: "invalid_param",
        message: "__proto__ is required in input form",
      });
      expect((await run('"__proto__": "x", "constructor": "y"')).status).toBe(200);
    } finally {
      await env.client.admin.configure({ addedStartInputs: null });
    }
  });

  it("refuses a run input file at a URL the env.server cannot fetch", async () => {
    const response = await env.client.post("/workflows/run", {
      inputs: {
        topic: "Remote",
        audience: "Engineers",
        reference_image: {
          type: "image",
          transfer_method: "remote_url",
          url: "https://unreachable.invalid/ref.png",
        },
      },
      response_mode: "blocking",
      user: "alice",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "invalid_param",
      message:
        "reference_image in input form: failed to fetch remote file https://unreachable.invalid/ref.png",
    });
  });

  it("streams a chatflow with flat message events and finishes after approval", async () => {
    const response = await env.client.post(
      "/chat-messages",
      { query: "Can I export data?", inputs: {}, response_mode: "streaming", user: "carol" },
      { key: env.client.chatflowKey },
    );
    const events = await readSse(response);
    const message = events.find((e) => e.event === "message");
    expect(message).toMatchObject({
      answer: expect.any(String) as unknown,
      conversation_id: expect.any(String) as unknown,
    });
    for (const e of events) expect(e).toHaveProperty("message_id");
    const required = events.find((e) => e.event === "human_input_required") as SseEvent & {
      data: { form_token: string };
    };
    const runId = events[0]?.workflow_run_id as string;
    const live = env.client.get(`/workflow/${runId}/events?user=carol&continue_on_pause=true`, {
      key: env.client.chatflowKey,
    });
    const reading = readSse(await live, (e) => e.event === "workflow_finished");
    const ok = await env.client.post(
      `/form/human_input/${required.data.form_token}`,
      { inputs: { reply: "Yes." }, action: "send", user: "carol" },
      { key: env.client.chatflowKey },
    );
    expect(ok.status).toBe(200);
    const names = (await reading).map((e) => e.event);
    expect(names).toContain("message_end");
    expect(names.at(-1)).toBe("workflow_finished");
  });
});

describe("the flaw of #39448 (streamCloseStopsRunFor)", () => {
  const REVIEW = {
    draft: "x",
    tone: "Friendly",
    cover: { type: "document", transfer_method: "remote_url", url: "https://e.com/a.pdf" },
    attachments: [],
  };

  async function pausedRun(user: string) {
    const abort = new AbortController();
    const start = await fetch(`${env.server.url}/workflows/run`, {
      method: "POST",
      headers: { ...env.client.auth(env.client.workflowKey), "Content-Type": "application/json" },
      body: JSON.stringify({
        inputs: { topic: "T", audience: "Engineers" },
        response_mode: "streaming",
        user,
      }),
      signal: abort.signal,
    });
    const events = await readSse(start, (e) => e.event === "workflow_paused");
    const token = events.find((e) => e.event === "human_input_required")?.data as {
      form_token: string;
    };
    return { abort, runId: events[0]?.workflow_run_id as string, token: token.form_token };
  }

  it("keeps that user's start stream open across the pause; closing it stops the resumed run", async () => {
    await env.client.admin.configure({ streamCloseStopsRunFor: "flawed" });
    try {
      const run = await pausedRun("flawed");
      run.abort.abort();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(
        (
          await env.client.post(`/form/human_input/${run.token}`, {
            inputs: REVIEW,
            action: "approve",
            user: "flawed",
          })
        ).status,
      ).toBe(200);
      await expect.poll(async () => (await env.client.admin.run(run.runId)).status).toBe("stopped");
      // Another user's run is not touched.
      const other = await pausedRun("fine");
      other.abort.abort();
      await env.client.post(`/form/human_input/${other.token}`, {
        inputs: REVIEW,
        action: "reject",
        user: "fine",
      });
      await expect
        .poll(async () => (await env.client.admin.run(other.runId)).status)
        .not.toBe("stopped");
    } finally {
      await env.client.admin.configure({ streamCloseStopsRunFor: null });
    }
  });
});

describe("the flaw of #38432/#38525 (resumedAnswerDroppedFor)", () => {
  async function resumedEvents(user: string) {
    const response = await env.client.post(
      "/chat-messages",
      { query: "Can I export data?", inputs: {}, response_mode: "streaming", user },
      { key: env.client.chatflowKey },
    );
    const before = await readSse(response);
    const required = before.find((e) => e.event === "human_input_required") as SseEvent & {
      data: { form_token: string };
    };
    const runId = before[0]?.workflow_run_id as string;
    const live = env.client.get(`/workflow/${runId}/events?user=${user}&continue_on_pause=true`, {
      key: env.client.chatflowKey,
    });
    const reading = readSse(await live, (e) => e.event === "workflow_finished");
    await env.client.post(
      `/form/human_input/${required.data.form_token}`,
      { inputs: { reply: "Yes." }, action: "send", user },
      { key: env.client.chatflowKey },
    );
    const after = await reading;
    const resumedAt = after.findIndex(
      (e) =>
        e.event === "workflow_started" && (e.data as { reason?: string }).reason === "resumption",
    );
    return { before, resumed: after.slice(resumedAt) };
  }

  it("sends that user's answer before the pause, none after it, and keeps it in the outputs", async () => {
    await env.client.admin.configure({ resumedAnswerDroppedFor: "dropped" });
    try {
      const { before, resumed } = await resumedEvents("dropped");
      expect(before.some((e) => e.event === "message")).toBe(true);
      expect(resumed.length).toBeGreaterThan(1);
      expect(resumed.some((e) => e.event === "message")).toBe(false);
      const finished = resumed.at(-1) as SseEvent & { data: { outputs: { answer: string } } };
      expect(finished.data.outputs.answer).toContain("Approved reply:");
      // Another user's resumed run streams its answer.
      const other = await resumedEvents("streamed");
      expect(other.resumed.some((e) => e.event === "message")).toBe(true);
    } finally {
      await env.client.admin.configure({ resumedAnswerDroppedFor: null });
    }
  });
});
