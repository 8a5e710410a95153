import { expect, test } from "@/e2e/fixtures";
import { getFormRecord, signLink } from "@/e2e/helpers/forms";
import { EMBEDDED_ORIGIN } from "@/e2e/helpers/embedded";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";
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

// #42103 (its fix, PR #42107, still open): once the last of parallel forms is answered, the server
// pauses once more naming it, and only a follow-up resume fills it.
test("after parallel forms, the re-pause naming the last form shows it answered and waiting, never as someone else's, until the run goes on", async ({
  page,
}) => {
  const user = `repause-${Date.now()}@example.com`;
  const { runId, formTokens } = await startRunAsPortal(
    user,
    {},
    { demo: "parallel_repause", serverGeneration: "since-0.7" },
  );
  const [legal, brand] = formTokens as [string, string];
  // The legal form's page follows the run while brand is answered elsewhere.
  await page.goto(signLink({ token: legal, run: runId, user }));
  await page.getByRole("button", { name: "Approve" }).click();
  const run = page.getByRole("region", { name: "What happens next" });
  await expect(run.getByRole("list", { name: "Waiting for an answer" })).toHaveText(/Brand review/);

  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { seenWhileFinishing: seen });
    const look = () => {
      const text = document.body.innerText;
      if (text.includes("Already answered")) seen.push("already answered");
      if (text.includes("the server left it waiting")) seen.push("stalled");
      if (text.includes("answered; the run goes on shortly")) seen.push("answered, waiting");
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const answer = await fetch(`${EMBEDDED_ORIGIN}/v1/form/human_input/${brand}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${EMBEDDED_KEYS.workflowApp}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ inputs: { comment: "ok" }, action: "approve", user }),
  });
  expect(answer.status).toBe(200);
  await expect(run.getByRole("list", { name: "Waiting for an answer" })).toContainText(
    "Brand review (answered; the run goes on shortly)",
  );
  await expect(run.getByText("Brand review: answered with “Approve”")).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible({
    timeout: 15_000,
  });
  expect(new URL(page.url()).pathname).toBe(`/form/${legal}`);
  const seen = await page.evaluate(
    () => (window as unknown as { seenWhileFinishing: string[] }).seenWhileFinishing,
  );
  expect(seen).toContain("answered, waiting");
  expect(seen).not.toContain("already answered");
  expect(seen).not.toContain("stalled");
  expect((await getRunRecord(runId)).status).toBe("succeeded");
});
