import { expect, test } from "@/e2e/fixtures";
import { callsFor, dropStreams } from "@/e2e/helpers/embedded";
import { fillDemoForm, signLink, tradedLink } from "@/e2e/helpers/forms";
import { CHAT_APP_URL } from "@/e2e/helpers/launcher";
import { getRunRecord, type ReplayMode, startRunAsPortal } from "@/e2e/helpers/runs";

// The run view and the next form, against both of a real server's replay modes: `pubsub`
// (a snapshot of the run's state) and `streams` (the run's whole event log again, from its first
// event). Each run keeps the mode it was started with, so both modes run side by side.

const MODES: ReplayMode[] = ["pubsub", "streams"];

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

for (const replayMode of MODES) {
  test.describe(`${replayMode} replays`, () => {
    test("the next form opens in place and the run is followed to its end, nothing twice", async ({
      page,
    }) => {
      const user = `next-${replayMode}-${Date.now()}@example.com`;
      const { runId, formToken } = await startRunAsPortal(user, {}, { replayMode });
      await page.goto(signLink({ token: formToken, run: runId, user, scope: "run" }));
      await fillDemoForm(page);
      await page.getByRole("button", { name: "Request changes" }).click();

      // The next form opens on the same page; the address follows it.
      await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
      await expect(page.getByLabel("Priority")).toBeVisible();
      const next = (await getRunRecord(runId)).current_form_token!;
      expect(new URL(page.url()).pathname).toBe(`/form/${next}`);
      // It went through the same trade as any top-level link: clean address, link in its cookie.
      const traded = await tradedLink(page);
      expect(traded.get("user")).toBe(user);
      expect(traded.get("scope")).toBe("run");
      await page.getByLabel("Priority").selectOption("High");
      await page.getByLabel("Notes").fill("Ship after review");
      await page.getByRole("button", { name: "Ship it" }).click();

      const run = page.getByRole("region", { name: "What happens next" });
      await expect(run.getByRole("heading", { name: "Run finished" })).toBeVisible();
      // This page's stream replays the whole run (in streams mode, from its first event).
      const steps = await run
        .getByRole("list", { name: "Steps" })
        .getByRole("listitem")
        .locator(".node-title")
        .allTextContents();
      expect(steps.filter((title) => title === "Editorial review")).toHaveLength(1);
      expect(steps.filter((title) => title === "Final check")).toHaveLength(1);
      // A pubsub snapshot carries no chunks of nodes already finished; a streams log carries
      // them all, and each must show once (the revised text repeats the draft once, by design).
      const blocks = await run.locator(".streamed-text").allTextContents();
      for (const block of blocks) expect(count(block, "Good news for our engineers")).toBe(1);
      expect(count(blocks.join("\n"), "Revised after editorial review")).toBe(
        replayMode === "streams" ? 1 : 0,
      );
      expect((await getRunRecord(runId)).status).toBe("succeeded");
    });

    test("a cut connection reconnects and shows nothing twice", async ({ page }) => {
      const user = `cut-${replayMode}-${Date.now()}@example.com`;
      const { runId, formToken } = await startRunAsPortal(
        user,
        {},
        { replayMode, stepDelayMs: 1500 },
      );
      await page.goto(signLink({ token: formToken, run: runId, user }));
      await fillDemoForm(page);
      await page.getByRole("button", { name: "Approve and publish" }).click();
      const steps = page.getByRole("list", { name: "Steps" });
      await expect(steps.getByRole("listitem").filter({ hasText: "Publish" })).toContainText(
        "Running",
      );

      expect(await dropStreams(runId)).toBeGreaterThan(0);
      await expect(page.getByText("Connection lost. Reconnecting…")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible({
        timeout: 15_000,
      });
      const titles = await steps.getByRole("listitem").locator(".node-title").allTextContents();
      expect(titles).toEqual(["Start", "Draft announcement", "Editorial review", "Publish"]);
      const text = (await page.locator(".streamed-text").allTextContents()).join("\n");
      expect(count(text, "Good news for our engineers")).toBe(replayMode === "streams" ? 1 : 0);
    });
  });

  test.describe(`${replayMode} replays of a chat answer`, () => {
    test.use({ baseURL: CHAT_APP_URL });

    test("a reconnect while the answer streams appends no chat text twice", async ({ page }) => {
      const user = `chat-${replayMode}-${Date.now()}@example.com`;
      const { runId, formToken } = await startRunAsPortal(
        user,
        {},
        { app: "chatflow", replayMode, stepDelayMs: 1500 },
      );
      await page.goto(signLink({ token: formToken, run: runId, user }));
      await page.getByRole("button", { name: "Discard" }).click();
      const run = page.getByRole("region", { name: "What happens next" });
      // The closing words stream slowly: cut the connection half way through them.
      await expect(run.locator(".streamed-text")).toContainText("suggested");
      expect(await dropStreams(runId)).toBeGreaterThan(0);
      await expect(run.getByRole("heading", { name: "Run finished" })).toBeVisible({
        timeout: 15_000,
      });
      const text = (await run.locator(".streamed-text").allTextContents()).join("\n");
      expect(count(text, "thanks for asking")).toBe(1);
      expect(count(text, "discarded by a reviewer")).toBe(1);
    });
  });
}

// Newer servers give each event of a run's retained log an id and go on from the one a reconnect
// names: the page's stream asks for nothing already shown, and misses nothing.
test("a reconnect to a newer server goes on from the last event seen, nothing twice, nothing lost", async ({
  page,
}) => {
  const user = `cursor-${Date.now()}@example.com`;
  const { runId, formToken } = await startRunAsPortal(
    user,
    {},
    { replayMode: "streams", serverGeneration: "since-0.7", stepDelayMs: 1500 },
  );
  await page.goto(signLink({ token: formToken, run: runId, user }));
  await fillDemoForm(page);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  const steps = page.getByRole("list", { name: "Steps" });
  await expect(steps.getByRole("listitem").filter({ hasText: "Publish" })).toContainText("Running");

  expect(await dropStreams(runId)).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible({
    timeout: 15_000,
  });
  const titles = await steps.getByRole("listitem").locator(".node-title").allTextContents();
  expect(titles).toEqual(["Start", "Draft announcement", "Editorial review", "Publish"]);
  const text = (await page.locator(".streamed-text").allTextContents()).join("\n");
  expect(count(text, "Good news for our engineers")).toBe(1);
  // The reconnect named the last event it saw.
  const reconnects = (await callsFor(`/workflow/${runId}/events`)).filter(
    (call) => call.last_event_id,
  );
  expect(reconnects.length).toBeGreaterThan(0);
  expect(reconnects[0]!.last_event_id).toMatch(/^\d+-\d+$/);
});
