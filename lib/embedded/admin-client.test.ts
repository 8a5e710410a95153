import { describe, expect, it } from "vitest";
import { AdminRequestError, createAdminClient } from "./admin-client";
import { withTestServer } from "./test-client";

const env = withTestServer();

describe("createAdminClient", () => {
  it("starts a run, reads it, its form and the call log, typed by the routes' own schemas", async () => {
    const admin = env.client.admin;
    const run = await admin.startDemoRun({ user: "ada" });
    expect(run).toMatchObject({ user: "ada", form_tokens: [run.form_token] });
    expect(await admin.run(run.workflow_run_id)).toMatchObject({
      id: run.workflow_run_id,
      status: "paused",
      current_form_token: run.form_token,
    });
    expect(await admin.form(run.form_token)).toMatchObject({ status: "open", submission: null });
    expect(await admin.runsOf("ada")).toEqual([
      { id: run.workflow_run_id, app: "workflow", status: "paused" },
    ]);
    await env.client.get("/parameters");
    expect(await admin.calls()).toMatchObject([{ method: "GET", path: "/v1/parameters" }]);
    await admin.clearCalls();
    expect(await admin.calls()).toEqual([]);
  });

  it("scripts faults, config and custom forms, and resets them", async () => {
    const admin = env.client.admin;
    expect(
      await admin.setFaults([{ match: { method: "get", path: "/v1/x" }, kind: "status500" }]),
    ).toEqual([{ match: { method: "GET", path: "/v1/x" }, kind: "status500" }]);
    expect(await admin.configure({ appUnavailable: "chatflow" })).toMatchObject({
      appUnavailable: "chatflow",
    });
    const form = await admin.createForm({
      form_content: "Hi",
      inputs: [],
      user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
    });
    expect(form.workflow_run_id).toBeNull();
    await admin.reset();
    expect(await admin.faults()).toEqual([]);
  });

  it("throws the status and body of an answer that is not the route's own", async () => {
    const failure = await env.client.admin.run("no-such-run").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AdminRequestError);
    expect(failure).toMatchObject({ status: 404 });
    expect((failure as AdminRequestError).body).toContain("Workflow run not found");

    const stranger = createAdminClient({ origin: env.server.origin, token: "wrong" });
    await expect(stranger.calls()).rejects.toMatchObject({ status: 401 });
  });

  it("reads the token each time when given a function", async () => {
    let token = "wrong";
    const admin = createAdminClient({ origin: env.server.origin, token: () => token });
    await expect(admin.openStreams()).rejects.toMatchObject({ status: 401 });
    token = env.server.adminToken;
    expect(await admin.openStreams()).toBe(0);
  });
});
