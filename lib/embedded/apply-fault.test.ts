import { describe, expect, it } from "vitest";
import { startEmbeddedServer } from "./server";
import { createTestClient, readSse, readSseToEnd, withTestServer } from "./test-client";

const env = withTestServer({ pingIntervalMs: 50 });

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function callsTo(path: string): Promise<{ method: string; status: number }[]> {
  const { calls } = (await (await env.client.admin.request("/calls")).json()) as {
    calls: { method: string; path: string; status: number }[];
  };
  return calls.filter((c) => c.path === path).map(({ method, status }) => ({ method, status }));
}

async function waitForOpenStreams(expected: number): Promise<number> {
  let open = await env.client.openStreams();
  for (let i = 0; i < 50 && open !== expected; i++) {
    await sleep(20);
    open = await env.client.openStreams();
  }
  return open;
}

async function expectServing(): Promise<void> {
  const response = await env.client.get("/parameters");
  expect(response.status).toBe(200);
  expect(Object.keys((await response.json()) as object)).toHaveLength(12);
}

describe("/_embedded/faults", () => {
  it("replaces, lists and clears the fault list; reset clears it too", async () => {
    const faults = [
      { match: { path: "/v1/parameters", method: "get" }, kind: "status500", times: 2 },
      { match: { path: "/v1/form/human_input/" }, kind: "delay", delay_ms: 10 },
    ];
    const set = await env.client.admin.request("/faults", { body: { faults } });
    expect(set.status).toBe(200);
    const expected = [
      { match: { path: "/v1/parameters", method: "GET" }, kind: "status500", times: 2 },
      { match: { path: "/v1/form/human_input/" }, kind: "delay", delay_ms: 10 },
    ];
    expect(await set.json()).toEqual({ faults: expected });
    expect(await (await env.client.admin.request("/faults")).json()).toEqual({ faults: expected });

    await env.client.setFaults([{ match: { path: "/v1/" }, kind: "hang" }]);
    expect(await (await env.client.admin.request("/faults")).json()).toEqual({
      faults: [{ match: { path: "/v1/" }, kind: "hang" }],
    });
    const cleared = await env.client.admin.request("/faults", { method: "DELETE" });
    expect(await cleared.json()).toEqual({ result: "success" });
    expect(await (await env.client.admin.request("/faults")).json()).toEqual({ faults: [] });

    await env.client.setFaults([{ match: { path: "/v1/parameters" }, kind: "status500" }]);
    await env.client.admin.request("/reset", { body: {} });
    expect(await (await env.client.admin.request("/faults")).json()).toEqual({ faults: [] });
    await expectServing();
  });

  it("rejects a bad fault list with 400 invalid_param", async () => {
    for (const faults of [
      [{ match: { path: "/v1/parameters" }, kind: "delay" }],
      [{ match: { path: "/v1/parameters" }, kind: "explode" }],
      [{ match: { path: "v1/parameters" }, kind: "drop" }],
      [{ match: { path: "/v1/parameters" }, kind: "drop", times: 0 }],
    ]) {
      const response = await env.client.admin.request("/faults", { body: { faults } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe("invalid_param");
    }
    expect(await (await env.client.admin.request("/faults")).json()).toEqual({ faults: [] });
  });

  it("applies a fault with times: 1 once, and only to its method and path prefix", async () => {
    await env.client.setFaults([
      { match: { path: "/v1/parameters", method: "GET" }, kind: "status500", times: 1 },
      { match: { path: "/v1/form/", method: "POST" }, kind: "status500" },
    ]);
    expect((await env.client.get("/parameters")).status).toBe(500);
    expect((await env.client.get("/parameters")).status).toBe(200);
    // A GET under /v1/form/ is not a POST: routed normally (404 for this token).
    expect((await env.client.get("/form/human_input/unknownToken0000000000")).status).toBe(404);
    expect(await (await env.client.admin.request("/faults")).json()).toMatchObject({
      faults: [{ kind: "status500", times: 0 }, { kind: "status500" }],
    });
  });

  it("adds on the service, where a used-up fault stays used up, and clears by path prefix", async () => {
    const { admin } = env.client;
    await admin.setFaults([{ match: { path: "/v1/parameters" }, kind: "status500", times: 1 }]);
    // Used up before the add: the add does not bring it back, as a read-then-write could.
    expect((await env.client.get("/parameters")).status).toBe(500);
    const added = await admin.addFaults([{ match: { path: "/v1/form/x" }, kind: "status500" }]);
    expect(added).toEqual([{ match: { path: "/v1/form/x" }, kind: "status500" }]);
    expect((await env.client.get("/parameters")).status).toBe(200);
    await admin.addFaults([{ match: { path: "/v1/form/y" }, kind: "hang" }]);
    await admin.clearFaults({ path: "/v1/form/x" });
    expect(await admin.faults()).toEqual([{ match: { path: "/v1/form/y" }, kind: "hang" }]);
    await admin.clearFaults();
    expect(await admin.faults()).toEqual([]);
  });
});

describe("faults scoped to a user", () => {
  const upload = (user: string, bytes: number) => {
    const form = new FormData();
    form.append("user", user);
    form.append("file", new Blob([Buffer.alloc(bytes, 97)], { type: "text/plain" }), "a.txt");
    return fetch(`${env.server.url}/files/upload`, {
      method: "POST",
      body: form,
      headers: env.client.auth(env.client.workflowKey),
    });
  };

  it("fails only the uploads made for its user, and the others arrive whole", async () => {
    await env.client.setFaults([
      { match: { method: "POST", path: "/v1/files/upload", user: "alice" }, kind: "status501" },
    ]);
    expect((await upload("alice", 10)).status).toBe(501);
    // Past what is read to find the user, and within it: either way the whole file arrives.
    for (const bytes of [10, 200 * 1024]) {
      const response = await upload("bob", bytes);
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ size: bytes });
    }
    expect((await upload("alice", 200 * 1024)).status).toBe(501);
  });

  it("reads the user from the query and from a JSON body too", async () => {
    await env.client.setFaults([
      { match: { path: "/v1/parameters", user: "alice" }, kind: "status500" },
      { match: { path: "/v1/workflows/run", user: "alice" }, kind: "status500" },
    ]);
    expect((await env.client.get("/parameters?user=alice")).status).toBe(500);
    expect((await env.client.get("/parameters?user=bob")).status).toBe(200);
    expect((await env.client.get("/parameters")).status).toBe(200);
    const run = (user: string) =>
      env.client.post("/workflows/run", { inputs: {}, response_mode: "blocking", user });
    expect((await run("alice")).status).toBe(500);
    // Not faulted: the service itself answers (whatever it makes of these inputs).
    expect((await run("bob")).status).not.toBe(500);
  });

  it("clears one user's faults, leaving the others under the same path", async () => {
    const { admin } = env.client;
    await admin.setFaults([
      { match: { path: "/v1/files/upload", user: "alice" }, kind: "status501" },
      { match: { path: "/v1/files/upload", user: "bob" }, kind: "status501" },
    ]);
    await admin.clearFaults({ path: "/v1/files/upload", user: "alice" });
    expect(await admin.faults()).toEqual([
      { match: { path: "/v1/files/upload", user: "bob" }, kind: "status501" },
    ]);
  });
});

describe("fault kinds", () => {
  it("delay: answers normally after delay_ms", async () => {
    await env.client.setFaults([
      { match: { path: "/v1/parameters" }, kind: "delay", delay_ms: 150 },
    ]);
    const started = Date.now();
    const response = await env.client.get("/parameters");
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(Object.keys((await response.json()) as object)).toHaveLength(12);
  });

  it("status500: answers Dify's 500 body, before auth is checked", async () => {
    await env.client.setFaults([{ match: { path: "/v1/parameters" }, kind: "status500" }]);
    for (const response of [
      await env.client.get("/parameters"),
      await fetch(`${env.server.url}/parameters`),
    ]) {
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        status: 500,
        code: "internal_server_error",
        message: "Internal Server Error",
      });
    }
    expect(await callsTo("/v1/parameters")).toEqual([
      { method: "GET", status: 500 },
      { method: "GET", status: 500 },
    ]);
  });

  it("status501: answers Dify's Human Input v2 stub body", async () => {
    await env.client.setFaults([{ match: { path: "/v1/files/upload" }, kind: "status501" }]);
    const response = await env.client.post("/files/upload", {});
    expect(response.status).toBe(501);
    expect(await response.json()).toEqual({
      status: 501,
      code: "not_implemented",
      message: "Human Input v2 form stub endpoint is not implemented yet.",
    });
  });

  it("malformed: 200 application/json with a truncated body", async () => {
    await env.client.setFaults([{ match: { path: "/v1/form/human_input/" }, kind: "malformed" }]);
    const response = await env.client.get("/form/human_input/anyToken");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const text = await response.text();
    expect(text).toBe('{"form_content": ');
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
  });

  it("json: 200 with the test's own body", async () => {
    await env.client.setFaults([
      { match: { path: "/v1/form/human_input/" }, kind: "json", body: { inputs: 1 } },
    ]);
    const response = await env.client.get("/form/human_input/anyToken");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ inputs: 1 });
  });

  it("drop: the env.client sees a network error and the env.server keeps serving", async () => {
    await env.client.setFaults([{ match: { path: "/v1/parameters" }, kind: "drop", times: 1 }]);
    await expect(env.client.get("/parameters")).rejects.toThrow(TypeError);
    await expectServing();
    expect(await callsTo("/v1/parameters")).toEqual([
      { method: "GET", status: 0 },
      { method: "GET", status: 200 },
    ]);
  });

  it("drop: also a POST with a body that was never read", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    await env.client.setFaults([{ match: { path: "/v1/form/", method: "POST" }, kind: "drop" }]);
    await expect(
      env.client.post(`/form/human_input/${run.form_token}`, {
        inputs: {},
        action: "x",
        user: "a",
      }),
    ).rejects.toThrow(TypeError);
    expect((await env.client.formStatus(run.form_token)).status).toBe("open");
    await expectServing();
  });

  it("hang: never answers, the env.client times out, and the env.server keeps serving", async () => {
    await env.client.setFaults([{ match: { path: "/v1/parameters" }, kind: "hang", times: 1 }]);
    const failure = await env.client
      .get("/parameters", {
        key: env.client.workflowKey,
        init: { signal: AbortSignal.timeout(300) },
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect((failure as Error | null)?.name).toBe("TimeoutError");
    await expectServing();
    expect(await callsTo("/v1/parameters")).toEqual([
      { method: "GET", status: 0 },
      { method: "GET", status: 200 },
    ]);
  });

  it("hang: does not hold up close(), which ends the hanging request", async () => {
    const own = await startEmbeddedServer({ port: 0, stepDelayMs: 5 });
    const ownClient = createTestClient(own);
    await ownClient.setFaults([{ match: { path: "/v1/" }, kind: "hang" }]);
    const pending = ownClient.get("/parameters").then(
      () => "answered",
      () => "failed",
    );
    await sleep(100);
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBe("failed");
  });

  it("cut_stream: two events, then the connection ends mid-stream", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    await env.client.setFaults([
      { match: { path: "/v1/workflow/" }, kind: "cut_stream", times: 1 },
    ]);
    const path = `/workflow/${run.workflow_run_id}/events?user=alice&include_state_snapshot=true`;
    const response = await env.client.get(path);
    expect(response.status).toBe(200);
    const cut = await readSseToEnd(response);
    expect(cut.events.map((e) => e.event)).toEqual(["workflow_started", "node_started"]);
    expect(cut.error).toBeInstanceOf(TypeError);
    expect(await waitForOpenStreams(0)).toBe(0);

    // The fault is used up: a reconnect sees the whole snapshot to workflow_paused.
    const full = await readSseToEnd(await env.client.get(path));
    expect(full.error).toBeNull();
    expect(full.events.at(-1)?.event).toBe("workflow_paused");
    expect(full.events.length).toBeGreaterThan(2);
    expect(await callsTo(`/v1/workflow/${run.workflow_run_id}/events`)).toEqual([
      { method: "GET", status: 0 },
      { method: "GET", status: 200 },
    ]);
  });

  it("cut_stream: cuts a run started in streaming mode too", async () => {
    await env.client.setFaults([{ match: { path: "/v1/workflows/run" }, kind: "cut_stream" }]);
    const response = await env.client.post("/workflows/run", {
      inputs: { topic: "Cut", audience: "Engineers" },
      response_mode: "streaming",
      user: "alice",
    });
    const cut = await readSseToEnd(response);
    expect(cut.events).toHaveLength(2);
    expect(cut.error).not.toBeNull();
  });

  it("silent_stream: event-stream headers, then nothing, until the env.client goes away", async () => {
    await env.client.setFaults([{ match: { path: "/v1/workflow/" }, kind: "silent_stream" }]);
    const controller = new AbortController();
    const response = await env.client.get("/workflow/any-run/events?user=alice", {
      key: env.client.workflowKey,
      init: {
        signal: controller.signal,
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(await env.client.openStreams()).toBe(1);
    const reader = response.body?.getReader();
    const first = await Promise.race([reader?.read(), sleep(300).then(() => "nothing")]);
    expect(first).toBe("nothing");
    controller.abort();
    expect(await waitForOpenStreams(0)).toBe(0);
    expect(await callsTo("/v1/workflow/any-run/events")).toEqual([{ method: "GET", status: 200 }]);
  });

  it("silent_stream: counts as an open stream that streams/drop ends", async () => {
    await env.client.setFaults([{ match: { path: "/v1/workflow/" }, kind: "silent_stream" }]);
    const response = await env.client.get("/workflow/any-run/events?user=alice");
    expect(await env.client.openStreams()).toBe(1);
    const reading = readSseToEnd(response);
    expect(await (await env.client.admin.request("/streams/drop", { body: {} })).json()).toEqual({
      dropped: 1,
    });
    expect(await env.client.openStreams()).toBe(0);
    const result = await reading;
    expect(result.events).toEqual([]);
    expect(result.error).toBeInstanceOf(TypeError);
  });

  it("a run keeps going while its streams are faulted", async () => {
    const run = await env.client.demoRun({ user: "alice" });
    await env.client.setFaults([{ match: { path: "/v1/workflow/" }, kind: "drop" }]);
    await expect(
      env.client.get(`/workflow/${run.workflow_run_id}/events?user=alice`),
    ).rejects.toThrow(TypeError);
    await env.client.admin.request("/faults", { method: "DELETE" });
    const events = await readSse(
      await env.client.get(
        `/workflow/${run.workflow_run_id}/events?user=alice&include_state_snapshot=true`,
      ),
    );
    expect(events.at(-1)?.event).toBe("workflow_paused");
  });

  it("status500_after_write records a submission, then answers 500", async () => {
    const { form_token: token } = await env.client.admin.createForm({
      form_content: "{{#$output.notes#}}",
      inputs: [{ type: "paragraph", output_variable_name: "notes", default: null }],
      user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
    });
    const path = `/v1/form/human_input/${token}`;
    await env.client.setFaults([
      { match: { path, method: "POST" }, kind: "status500_after_write" },
    ]);
    const body = { inputs: { notes: "yes" }, action: "ok", user: "alice" };
    const response = await env.client.post(`/form/human_input/${token}`, body);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ status: 500, code: "internal_server_error" });
    expect(await env.client.formStatus(token)).toMatchObject({ status: "submitted" });
    // A refusal is not turned into a 500: only what was written is.
    const again = await env.client.post(`/form/human_input/${token}`, body);
    expect(again.status).toBe(412);
  });
});
