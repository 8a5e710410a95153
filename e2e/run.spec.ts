import { expect, test } from "@/e2e/fixtures";
import { openStreams } from "@/e2e/helpers/embedded";
import { demoAnswer, fillDemoForm, signLink, submitUpstream } from "@/e2e/helpers/forms";
import { getRunRecord, startRunAsPortal } from "@/e2e/helpers/runs";

test("after an answer the run is followed live to its outcome", async ({ page, demoRun }) => {
  await page.goto(demoRun.link);
  await fillDemoForm(page);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();

  const run = page.getByRole("region", { name: "What happens next" });
  await expect(run.getByRole("list", { name: "Steps" })).toContainText("Publish");
  await expect(run.getByRole("heading", { name: "Run finished" })).toBeVisible();
  await expect(run.getByRole("definition").first()).toContainText("Published:");
  await expect(
    run.getByRole("list", { name: "Steps" }).getByRole("listitem").filter({ hasText: "Publish" }),
  ).toContainText("Done");
});

test("a finished run opened later shows its result at once", async ({ page, demoRun }) => {
  const status = await submitUpstream(demoRun.formToken, {
    inputs: demoAnswer("x"),
    action: "reject",
    user: demoRun.user,
  });
  expect(status).toBe(200);
  await expect.poll(async () => (await getRunRecord(demoRun.runId)).status).toBe("succeeded");

  await page.goto(demoRun.link);
  await expect(page.getByRole("heading", { name: "Already answered" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible();
  await expect(page.getByRole("region", { name: "What happens next" })).toContainText("Rejected");
});

test("a run that cannot be followed says so instead of spinning", async ({ page, demoRun }) => {
  const other = await startRunAsPortal(`someone-else-${Date.now()}@example.com`);
  // A valid link whose run belongs to another user: the events endpoint answers 404.
  const link = signLink({ token: demoRun.formToken, run: other.runId, user: demoRun.user });
  await submitUpstream(demoRun.formToken, {
    inputs: demoAnswer("x"),
    action: "approve",
    user: demoRun.user,
  });
  await page.goto(link);
  await expect(page.getByText("This run cannot be followed from here")).toBeVisible();
});

test("no run in the link: the answer screen stays without a stream", async ({ page, demoRun }) => {
  await page.goto(signLink({ token: demoRun.formToken, user: demoRun.user }));
  await fillDemoForm(page);
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  await expect(page.getByRole("region", { name: "What happens next" })).toHaveCount(0);
});

test("abandoned streams are closed upstream at once", async ({ baseURL }) => {
  // 100 streams: four on each of 25 links, as a link may hold at most MAX_STREAMS_PER_LINK (4).
  const links = await Promise.all(
    Array.from({ length: 25 }, async (_, i) => {
      const user = `abandon-${i}-${Date.now()}@example.com`;
      const { runId, formToken } = await startRunAsPortal(user);
      const link = signLink({ token: formToken, run: runId, user });
      return { formToken, query: new URL(link, "http://x").search.slice(1) };
    }),
  );
  const before = await openStreams();
  const controllers = Array.from({ length: 100 }, () => new AbortController());
  await Promise.all(
    controllers.map(async (controller, i) => {
      const { formToken, query } = links[i % links.length]!;
      const response = await fetch(`${baseURL}/api/forms/${formToken}/events`, {
        headers: { "x-form-link": query },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      await response.body!.getReader().read(); // the stream is open and flowing
      controller.abort();
    }),
  );
  await expect.poll(openStreams, { timeout: 10_000 }).toBeLessThanOrEqual(before);
});
