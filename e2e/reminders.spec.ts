import { startAppServer } from "@/e2e/app-server-process";
import { expect, inboxTest as test } from "@/e2e/fixtures";
import { registerRequest } from "@/e2e/helpers/inbox";
import { E2E_APP_PORT } from "@/e2e/ports";

// Arrival messages by mail and webhook, caught by the local receivers, sent once for each
// recipient although two copies of the app share the store and its queue.

test("two copies send each arrival once, by mail and by webhook, with a link to the request", async ({
  inboxWorld,
}, testInfo) => {
  // The planner runs once a minute: two passes and the sends that follow.
  test.setTimeout(240_000);
  const second = await startAppServer(
    E2E_APP_PORT + 76 + (testInfo.workerIndex % 4),
    // Copies behind one balancer share their public origin.
    { ...inboxWorld.env, APP_ORIGIN: inboxWorld.app.url },
  );
  try {
    const user = `remind-${testInfo.workerIndex}-${Date.now()}@example.com`;
    await registerRequest(inboxWorld, { recipient: user, title: "Quarterly numbers" });
    const forUser = () =>
      inboxWorld.catcher.messages.filter((m) =>
        m.channel === "mail" ? m.to === user : JSON.stringify(m.body).includes(user),
      );
    await expect.poll(() => forUser().length, { timeout: 150_000, intervals: [2_000] }).toBe(2);
    const [mail, hook] = [
      forUser().find((m) => m.channel === "mail"),
      forUser().find((m) => m.channel === "webhook"),
    ];
    expect(mail).toMatchObject({ subject: "Waiting for you: Quarterly numbers" });
    expect(hook).toMatchObject({ body: { kind: "arrival", recipient: user } });
    expect(JSON.stringify(hook)).toContain(`${inboxWorld.app.url}/form/`);
    // Another planning pass, on either copy, sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 65_000));
    expect(forUser()).toHaveLength(2);
  } finally {
    second.kill();
    await second.exited;
  }
});
