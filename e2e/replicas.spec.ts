import { expect, serverTest as test } from "@/e2e/fixtures";
import { addFaults, removeFaults } from "@/e2e/helpers/embedded";
import { demoAnswer, fillDemoForm, getFormRecord, signLink } from "@/e2e/helpers/forms";
import { startRunAsPortal } from "@/e2e/helpers/runs";

// Two copies of the app behind a round-robin balancer. The app keeps nothing between requests,
// so any copy answers any request; and a copy that is stopped (SIGTERM, as an orchestrator does)
// finishes what it is doing while its followers move to the other copy.

test.setTimeout(120_000);

test("a run followed on copy A continues on copy B when A is stopped, and A's submit completes", async ({
  page,
  replicas,
}) => {
  const { balancer, servers } = replicas;
  const [a] = servers;
  const user = `replica-${Date.now()}@example.com`;
  const { runId, formToken } = await startRunAsPortal(user, {}, { stepDelayMs: 400 });
  const link = signLink({ token: formToken, run: runId, user });
  const linkQuery = new URL(link, balancer.url).search.slice(1);
  // A second person's form, answered while A is stopping.
  const other = await startRunAsPortal(`${user}.other`);
  const otherQuery = new URL(
    signLink({ token: other.formToken, run: other.runId, user: `${user}.other` }),
    balancer.url,
  ).search.slice(1);

  // Round-robin: one link, verified by both copies in turn.
  for (let i = 0; i < 4; i++) {
    const response = await fetch(`${balancer.url}/api/forms/${formToken}`, {
      headers: { "X-Form-Link": linkQuery },
    });
    expect(response.status).toBe(200);
  }
  const reads = balancer.log.filter((r) => r.path === `/api/forms/${formToken}`);
  expect(reads.map((r) => r.backend)).toEqual([0, 1, 0, 1]);
  // Its run's event stream too, on each copy (which also has both load the stream route).
  for (let i = 0; i < 2; i++) {
    const controller = new AbortController();
    const response = await fetch(`${balancer.url}/api/forms/${formToken}/events`, {
      headers: { "X-Form-Link": linkQuery },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    controller.abort();
  }
  const opened = balancer.log.filter((r) => r.path === `/api/forms/${formToken}/events`);
  expect(opened.map((r) => r.backend)).toEqual([0, 1]);

  // Everything on A: the page, its run stream, and the submit, which the upstream holds 6 s
  // (time enough for the page to move its stream to B before the run goes on).
  balancer.pin(0);
  await page.goto(`${balancer.url}${link}`);
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  await fillDemoForm(page);
  await addFaults([
    {
      match: { method: "POST", path: `/v1/form/human_input/${formToken}` },
      kind: "delay",
      delay_ms: 6_000,
      times: 1,
    },
  ]);
  try {
    await page.getByRole("button", { name: "Approve and publish" }).click();
    const inFlight = (path: string) =>
      balancer.log.some((r) => r.backend === 0 && !r.done && r.path.startsWith(path));
    await expect.poll(() => inFlight(`/api/forms/${formToken}/events`)).toBe(true);
    await expect
      .poll(() =>
        balancer.log.some(
          (r) => r.method === "POST" && r.path === `/api/forms/${formToken}` && !r.done,
        ),
      )
      .toBe(true);

    // A is told to stop while the submit is in flight; the balancer goes back to round-robin and
    // finds A's listener closed.
    balancer.pin(null);
    const exitCode = a.stop("SIGTERM");
    // A has the signal once it logs its shutdown (its listener is closed just before).
    await expect.poll(() => a.output().includes('"msg":"shutdown"')).toBe(true);

    // A submit sent now, while A drains, is answered by B (A no longer takes connections).
    const late = await fetch(`${balancer.url}/api/forms/${other.formToken}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: balancer.url,
        "X-Form-Link": otherQuery,
      },
      body: JSON.stringify({ inputs: demoAnswer("Sent during the shutdown"), action: "approve" }),
    });
    expect(late.status).toBe(200);
    expect(balancer.log.find((r) => r.path === `/api/forms/${other.formToken}`)).toMatchObject({
      backend: 1,
      status: 200,
    });
    expect((await getFormRecord(other.formToken)).status).toBe("submitted");

    // Meanwhile the page, its stream ended by A with `retry:`, follows the run on B.
    const onB = () =>
      balancer.log
        .filter((r) => r.path === `/api/forms/${formToken}/events`)
        .slice(opened.length)
        .some((r) => r.backend === 1 && r.status === 200);
    await expect.poll(onB).toBe(true);

    // The submit sent to A completes there: the answer is recorded once, and the page says so.
    await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible({
      timeout: 20_000,
    });
    const submit = balancer.log.find(
      (r) => r.method === "POST" && r.path === `/api/forms/${formToken}`,
    );
    expect(submit).toMatchObject({ backend: 0, status: 200 });
    expect((await getFormRecord(formToken)).status).toBe("submitted");

    // The run, followed on B after A ended its stream with `retry:`, reaches its outcome, and no
    // step shows twice.
    const run = page.getByRole("region", { name: "What happens next" });
    await expect(run.getByRole("heading", { name: "Run finished" })).toBeVisible({
      timeout: 30_000,
    });
    const titles = await run
      .getByRole("list", { name: "Steps" })
      .getByRole("listitem")
      .locator(".node-title")
      .allTextContents();
    expect(titles).toEqual(["Start", "Draft announcement", "Editorial review", "Publish"]);
    const streams = balancer.log
      .filter((r) => r.path === `/api/forms/${formToken}/events`)
      .slice(opened.length);
    expect(streams[0]).toMatchObject({ backend: 0, status: 200 });
    expect(streams.filter((r) => r.backend === 1).length).toBeGreaterThan(0);

    // A drained and exited cleanly, within its grace period.
    expect(await exitCode).toBe(0);
  } finally {
    await removeFaults(`/v1/form/human_input/${formToken}`);
  }
});
