import { expect, test } from "@/e2e/fixtures";
import { chooseAction, fillDemoForm, signLink, submitUpstream } from "@/e2e/helpers/forms";
import { getRunRecord, readEventsRoute } from "@/e2e/helpers/runs";

// A form link's run stream carries only what the run view shows: no step's inputs or
// process_data, no other form's content or answers; a progress-only link no answer or outputs.

const finished = (event: { event: string }) => event.event === "workflow_finished";
// What another approver writes into the next form: it must not reach the first one's browser.
const THEIR_NOTE = "Their private note for the release team";

test("a form link that follows its resumed run receives no inputs, process data or others' answers", async ({
  page,
  demoRun,
  baseURL,
}) => {
  // Two forms and a whole run's stream: slow on a busy machine.
  test.slow();
  // The raw stream as the page receives it, from the first event to the run's end.
  const received = readEventsRoute(baseURL!, demoRun.link, finished, 30_000);
  await page.goto(demoRun.link);
  await fillDemoForm(page);
  await page.getByRole("button", { name: "Request changes" }).click();
  const run = page.getByRole("region", { name: "What happens next" });
  await expect(run.getByText("waits for someone else").first()).toBeVisible();

  // Someone else answers the final check (in their own tab): the run resumes and finishes.
  const next = (await getRunRecord(demoRun.runId)).current_form_token!;
  expect(
    await submitUpstream(next, {
      inputs: { notes: THEIR_NOTE, priority: "High" },
      action: "ship",
      user: "someone-else@example.com",
    }),
  ).toBe(200);

  await expect(run.getByRole("heading", { name: "Run finished" })).toBeVisible();
  await expect(run.getByRole("list", { name: "Steps" })).toContainText("Publish");
  // The run's final outputs are shown (the default: this demo's outputs repeat the note).
  await expect(run.getByLabel("Outputs")).toContainText("Published");
  // Both answers are told, but what was written only for this link's own form.
  await expect(run.getByText("answered with “Ship it”")).toBeVisible();
  await expect(run.getByText("What was submitted")).toHaveCount(1);

  const stream = await received;
  expect(stream).toContain("human_input_form_filled");
  expect(stream).toContain("workflow_finished");
  for (const key of [
    "inputs",
    "process_data",
    "submitted_data",
    "form_content",
    "execution_metadata",
  ]) {
    expect(stream, key).not.toContain(`"${key}":`);
  }
  // The note reaches this browser only as one of the run's final outputs.
  const events = stream
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: "))
    .map((frame) => JSON.parse(frame.slice("data: ".length)) as { event: string });
  const steps = events.filter((event) => event.event !== "workflow_finished");
  expect(steps.length).toBeGreaterThan(5);
  expect(JSON.stringify(steps)).not.toContain(THEIR_NOTE);
  expect(stream).not.toContain(next);
});

test("a progress-only link shows the run's steps and end, without its answer or outputs", async ({
  page,
  demoRun,
  baseURL,
}) => {
  const link = signLink({
    token: demoRun.formToken,
    run: demoRun.runId,
    user: demoRun.user,
    view: "progress",
  });
  const received = readEventsRoute(baseURL!, link, finished, 30_000);
  await page.goto(link);
  await fillDemoForm(page);
  await chooseAction(page, "Approve and publish");

  const run = page.getByRole("region", { name: "What happens next" });
  await expect(run.getByRole("heading", { name: "Run finished" })).toBeVisible();
  await expect(run.getByRole("list", { name: "Steps" })).toContainText("Draft announcement");
  await expect(run.getByRole("list", { name: "Steps" })).toContainText("Publish");
  await expect(run.getByText("outputs are not shown on this link")).toBeVisible();
  await expect(run.getByLabel("Outputs")).toHaveCount(0);
  await expect(run.getByText("Published:")).toHaveCount(0);

  const stream = await received;
  expect(stream).toContain("workflow_finished");
  expect(stream).not.toContain("text_chunk");
  expect(stream).not.toContain(`"outputs":`);
});
