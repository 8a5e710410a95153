import { expect, test } from "@/e2e/fixtures";
import { getFormRecord, signLink } from "@/e2e/helpers/forms";
import { dropStreams } from "@/e2e/helpers/embedded";
import { getRunRecord, startRunAsPortal } from "@/e2e/helpers/runs";

// A workflow whose two parallel branches each wait at a Human Input form: both are open at once,
// each may go to a different person.

test("a run with two parallel forms shows both, and the other waits for someone else", async ({
  page,
}) => {
  const user = `parallel-${Date.now()}@example.com`;
  const { runId, formTokens } = await startRunAsPortal(user, {}, { demo: "parallel" });
  const [legal, brand] = formTokens as [string, string];
  await page.goto(signLink({ token: legal, run: runId, user }));

  await expect(page.getByRole("heading", { name: "Legal review" })).toBeVisible();
  const waiting = page.getByRole("list", { name: "Waiting for an answer" });
  await expect(waiting.getByRole("listitem")).toHaveText([
    /Legal review.*this link’s form/,
    /Brand review.*waits for someone else/,
  ]);

  await page.getByLabel("Comment").fill("Fine by legal");
  await page.getByRole("button", { name: "Approve" }).click();
  const run = page.getByRole("region", { name: "What happens next" });
  await expect(run.getByText("waits for someone else").first()).toBeVisible();
  await expect(run.getByRole("list", { name: "Waiting for an answer" })).toHaveText(/Brand review/);
  await expect(run.getByText("Legal review: answered with “Approve”")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/form/${legal}`);
  expect((await getFormRecord(brand)).status).toBe("open");
});

// Older servers write each open form's reason as `human_input_required` with `form_id`; graphon
// 0.6.0 and later as `hitl_required` keyed by `session_id`.
for (const [generation, shape] of [
  ["before-0.7", "human_input_required"],
  ["since-0.7", "hitl_required"],
] as const) {
  test(`a reasons-only snapshot (${shape}): the open forms are read from the pause, and the next opens in place`, async ({
    page,
  }) => {
    const user = `reasons-${generation}-${Date.now()}@example.com`;
    // This run's snapshots carry no human_input_required, only workflow_paused.data.reasons[].
    const { runId, formTokens } = await startRunAsPortal(
      user,
      {},
      { demo: "parallel", snapshotStyle: "reasons", serverGeneration: generation },
    );
    const [legal, brand] = formTokens as [string, string];
    await page.goto(signLink({ token: legal, run: runId, user, scope: "run" }));

    const waiting = page.getByRole("list", { name: "Waiting for an answer" });
    await expect(waiting.getByRole("listitem")).toHaveText([
      /Legal review.*this link’s form/,
      /Brand review.*this link may open it/,
    ]);
    await page.getByRole("button", { name: "Approve" }).click();

    // The server read the other form's token from the reasons-only snapshot and signed a link to it.
    await expect(page.getByRole("heading", { name: "Brand review" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/form/${brand}`);
    await page.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible();
    expect((await getRunRecord(runId)).status).toBe("succeeded");
  });
}

test("after both parallel forms, a pause naming them once more reopens neither and the run finishes", async ({
  page,
}) => {
  const user = `repause-${Date.now()}@example.com`;
  // Once both are answered, the run pauses once more naming both (answered), then resumes.
  const { runId, formTokens } = await startRunAsPortal(user, {}, { demo: "parallel_repause" });
  const [legal, brand] = formTokens as [string, string];
  await page.goto(signLink({ token: legal, run: runId, user, scope: "run" }));
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Brand review" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/form/${brand}`);

  // From the last answer on, the page never shows a form waiting nor a run left paused.
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { seenWhileFinishing: seen });
    const look = () => {
      if (document.querySelector('[aria-label="Waiting for an answer"]')) seen.push("waiting list");
      if (document.body.innerText.includes("the server left it waiting")) seen.push("stalled");
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.getByRole("button", { name: "Approve" }).click();
  const run = page.getByRole("region", { name: "What happens next" });
  await expect(run.getByText("Brand review: answered with “Approve”")).toBeVisible();
  // A reconnect during that pause gets its snapshot: the answered forms come again.
  await dropStreams(runId);
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible({
    timeout: 20_000,
  });
  expect(new URL(page.url()).pathname).toBe(`/form/${brand}`);
  expect(
    await page.evaluate(
      () => (window as unknown as { seenWhileFinishing: string[] }).seenWhileFinishing,
    ),
  ).toEqual([]);
  expect((await getRunRecord(runId)).status).toBe("succeeded");
});
