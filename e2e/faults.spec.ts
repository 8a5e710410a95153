import { randomUUID } from "node:crypto";
import { expect, test } from "@/e2e/fixtures";
import { addFaults, callsForRequest, removeFaults } from "@/e2e/helpers/embedded";
import { fillDemoForm, getFormRecord } from "@/e2e/helpers/forms";
import type { DemoRun } from "@/e2e/helpers/runs";

// Upstream faults, each scoped to the test's own form or run: every one ends in a clear message
// and a well-formed API error, and the app keeps serving.

const formPath = (run: DemoRun) => `/v1/form/human_input/${run.formToken}`;
const linkQuery = (run: DemoRun) => new URL(run.link, "http://x").search.slice(1);

test.afterEach(async ({ request }) => {
  expect((await request.get("/")).status()).toBe(200); // the server keeps serving
});

test("an upstream that never answers ends in a timeout screen with a working retry, and in upstream_timeout for an API caller", async ({
  page,
  request,
  demoRun,
}) => {
  await addFaults([{ match: { method: "GET", path: formPath(demoRun) }, kind: "hang" }]);
  // The API caller waits on the same silent upstream at the same time as the page.
  const api = request.get(`/api/forms/${demoRun.formToken}`, {
    headers: { "x-form-link": linkQuery(demoRun) },
    timeout: 20_000,
  });
  await page.goto(demoRun.link);
  await expect(page.getByRole("heading", { name: "The service is unavailable" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("took too long to answer")).toBeVisible();
  const response = await api;
  expect(response.status()).toBe(504);
  expect(await response.json()).toMatchObject({ status: 504, code: "upstream_timeout" });
  await removeFaults(formPath(demoRun));
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
});

test("a 500, a dropped connection and a malformed body become well-formed API errors", async ({
  request,
  demoRun,
}) => {
  // A safe GET is tried twice (one retry): the fault is scripted for both tries.
  const cases = [
    { kind: "status500" as const, status: 502, code: "upstream_bad_response" },
    { kind: "drop" as const, status: 502, code: "upstream_unreachable" },
    { kind: "malformed" as const, status: 502, code: "upstream_bad_response" },
  ];
  for (const { kind, status, code } of cases) {
    await addFaults([{ match: { method: "GET", path: formPath(demoRun) }, kind }]);
    const requestId = randomUUID();
    const response = await request.get(`/api/forms/${demoRun.formToken}`, {
      headers: { "x-form-link": linkQuery(demoRun), "x-request-id": requestId },
    });
    expect(response.status(), kind).toBe(status);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body, kind).toMatchObject({ status, code });
    expect(Object.keys(body).sort(), kind).toEqual(["code", "message", "status"]);
    // A 5xx or a dropped connection is retried once; a malformed 200 is an answer, not retried.
    const tries = (await callsForRequest(requestId)).filter((call) =>
      call.path.startsWith(formPath(demoRun)),
    );
    expect(tries, kind).toHaveLength(kind === "malformed" ? 1 : 2);
    await removeFaults(formPath(demoRun));
    // The app answers again as soon as the fault is gone.
    const recovered = await request.get(`/api/forms/${demoRun.formToken}`, {
      headers: { "x-form-link": linkQuery(demoRun) },
    });
    expect(recovered.status(), `after ${kind}`).toBe(200);
  }
});

test("a GET that fails once is retried once and answers", async ({ request, demoRun }) => {
  await addFaults([
    { match: { method: "GET", path: formPath(demoRun) }, kind: "status500", times: 1 },
  ]);
  const requestId = randomUUID();
  const response = await request.get(`/api/forms/${demoRun.formToken}`, {
    headers: { "x-form-link": linkQuery(demoRun), "x-request-id": requestId },
  });
  expect(response.status()).toBe(200);
  expect(
    (await callsForRequest(requestId))
      .filter((call) => call.path.startsWith(formPath(demoRun)))
      .map((call) => call.status),
  ).toEqual([500, 200]);
});

test("a form the app cannot show is the service's problem (502), never the caller's request", async ({
  page,
  request,
  demoRun,
}) => {
  // Two fields of one name: the wire shape is fine, but the form cannot be answered.
  const twin = { type: "paragraph", output_variable_name: "same", default: null };
  const body = {
    form_content: "{{#$output.same#}}",
    inputs: [twin, twin],
    resolved_default_values: {},
    user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
    expiration_time: null,
  };
  await addFaults([{ match: { method: "GET", path: formPath(demoRun) }, kind: "json", body }]);
  const response = await request.get(`/api/forms/${demoRun.formToken}`, {
    headers: { "x-form-link": linkQuery(demoRun) },
  });
  expect(response.status()).toBe(502);
  expect(await response.json()).toEqual({
    status: 502,
    code: "upstream_bad_response",
    message: "The workflow service sent data this app cannot read.",
  });
  await page.goto(demoRun.link);
  await expect(page.getByRole("heading", { name: "The service is unavailable" })).toBeVisible();
  await expect(
    page.getByText("The workflow service sent data this app cannot read."),
  ).toBeVisible();
  await expect(page.getByText(/your request/i)).toHaveCount(0);
});

test("a submission whose connection drops upstream keeps the answer and can be sent again", async ({
  page,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  await fillDemoForm(page);
  await addFaults([{ match: { method: "POST", path: formPath(demoRun) }, kind: "drop", times: 1 }]);
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("alert").first()).toContainText("cannot be reached");
  await expect(page.getByLabel("Tone")).toHaveValue("Formal");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  expect((await getFormRecord(demoRun.formToken)).submission?.action).toBe("reject");
});

test("a stream that stops mid-event or goes silent is resumed and the run still ends", async ({
  page,
  demoRun,
}) => {
  const events = `/v1/workflow/${demoRun.runId}/events`;
  await addFaults([
    { match: { path: events }, kind: "cut_stream", times: 1 },
    { match: { path: events }, kind: "silent_stream", times: 1 },
  ]);
  await page.goto(demoRun.link);
  await fillDemoForm(page);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible({
    timeout: 25_000,
  });
});
