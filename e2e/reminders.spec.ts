import { startAppServer, type AppServerProcess } from "@/e2e/app-server-process";
import { expect, inboxTest as test } from "@/e2e/fixtures";
import { createCustomForm } from "@/e2e/helpers/forms";
import { registerRequest, type InboxWorld } from "@/e2e/helpers/inbox";
import { E2E_APP_PORT, E2E_METRICS_TOKEN } from "@/e2e/ports";

// Arrivals and reminders by mail and webhook, caught by the local receivers, each sent once for
// each recipient although two copies of the app share the store and its queue. The inbox world
// plans every two seconds (NOTIFY_PLAN_SECONDS) and reminds a minute before expiry (REMINDERS).

// Bounds are generous for a loaded machine: each wait is a poll that ends as soon as it holds.
test.describe.configure({ mode: "serial", timeout: 150_000 });

let second: AppServerProcess | undefined;

test.beforeAll(async ({ inboxWorld }, testInfo) => {
  // Copies behind one balancer share their public origin.
  second = await startAppServer(E2E_APP_PORT + 76 + testInfo.parallelIndex, {
    ...inboxWorld.env,
    APP_ORIGIN: inboxWorld.app.url,
  });
});

test.afterAll(async () => {
  second?.kill();
  await second?.exited;
});

/** Planning passes finished so far, on both copies, from their metrics. */
async function planningPasses(world: InboxWorld): Promise<number> {
  let passes = 0;
  for (const url of [world.app.url, second!.url]) {
    const response = await fetch(`${url}/api/metrics`, {
      headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
    });
    for (const line of (await response.text()).split("\n")) {
      if (
        line.startsWith("human_input_job_duration_seconds_count{") &&
        line.includes('job="plan-messages"')
      ) {
        passes += Number(line.split(" ").at(-1));
      }
    }
  }
  return passes;
}

/** Waits for `count` whole planning passes begun after this call (one more may have begun before). */
async function wholePlanningPasses(world: InboxWorld, count: number) {
  const before = await planningPasses(world);
  await expect
    .poll(() => planningPasses(world), { timeout: 30_000, intervals: [250] })
    .toBeGreaterThanOrEqual(before + count + 1);
}

function messagesFor(world: InboxWorld, user: string) {
  return world.catcher.messages.filter((m) =>
    m.channel === "mail" ? m.to === user : JSON.stringify(m.body).includes(user),
  );
}

test("two copies send each arrival once, by mail and by webhook, with a link to the request", async ({
  inboxWorld,
}, testInfo) => {
  const user = `remind-${testInfo.workerIndex}-${Date.now()}@example.com`;
  await registerRequest(inboxWorld, { recipient: user, title: "Quarterly numbers" });
  const forUser = () => messagesFor(inboxWorld, user);
  await expect.poll(() => forUser().length, { timeout: 45_000, intervals: [250] }).toBe(2);
  const [mail, hook] = [
    forUser().find((m) => m.channel === "mail"),
    forUser().find((m) => m.channel === "webhook"),
  ];
  expect(mail).toMatchObject({ subject: "Waiting for you: Quarterly numbers" });
  expect(hook).toMatchObject({ body: { kind: "arrival", recipient: user } });
  expect(JSON.stringify(hook)).toContain(`${inboxWorld.app.url}/form/`);
  // Two more planning passes, on either copy, send nothing more.
  await wholePlanningPasses(inboxWorld, 2);
  expect(forUser()).toHaveLength(2);
});

test("a request close to its expiry gets its reminder once, by mail and by webhook", async ({
  inboxWorld,
}, testInfo) => {
  const user = `soon-${testInfo.workerIndex}-${Date.now()}@example.com`;
  // Closes in 66 seconds: the one-minute reminder is due six seconds after it arrives.
  const form = await createCustomForm({
    form_content: "Approve the budget?",
    inputs: [],
    user_actions: [{ id: "approve", title: "Approve", button_style: "primary" }],
    expires_in_seconds: 66,
    user,
  });
  await registerRequest(inboxWorld, {
    recipient: user,
    title: "Budget closes soon",
    form: { formToken: form.token, runId: form.runId },
  });
  const reminders = () =>
    messagesFor(inboxWorld, user).filter((m) =>
      m.channel === "mail"
        ? m.subject.startsWith("Reminder")
        : JSON.stringify(m.body).includes('"kind":"reminder"'),
    );
  await expect.poll(() => reminders().length, { timeout: 45_000, intervals: [250] }).toBe(2);
  const mail = reminders().find((m) => m.channel === "mail");
  const hook = reminders().find((m) => m.channel === "webhook");
  expect(mail).toMatchObject({ subject: "Reminder, still waiting: Budget closes soon" });
  expect(JSON.stringify(mail)).toContain("It closes in less than two minutes");
  expect(hook).toMatchObject({ body: { kind: "reminder", recipient: user } });
  expect(JSON.stringify(hook)).toContain(`${inboxWorld.app.url}/form/${form.token}`);
  // The arrival came before it, and more passes send neither again.
  await wholePlanningPasses(inboxWorld, 2);
  expect(reminders()).toHaveLength(2);
  expect(messagesFor(inboxWorld, user)).toHaveLength(4);
});
