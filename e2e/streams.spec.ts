import { EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { formLinkQuery } from "@/lib/server/form/signed-form-link";
import { expect, test } from "@/e2e/fixtures";
import { chooseAction, fillDemoForm, signLink } from "@/e2e/helpers/forms";
import { startRunAsPortal } from "@/e2e/helpers/runs";

// Event streams are bounded: per link (token and user) and per process, and none outlives its
// link. The streams are opened as a browser would, with the link in the X-Form-Link header.

async function pausedRun(prefix: string, ttlSeconds: number) {
  const user = `${prefix}-${Date.now()}@example.com`;
  const { runId, formToken } = await startRunAsPortal(user);
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const linkQuery = formLinkQuery(
    { token: formToken, run: runId, user, exp },
    EMBEDDED_LINK_SECRET,
  );
  return { formToken, linkQuery, exp };
}

test("the fifth event stream of one link is refused with 429 and Retry-After", async ({
  baseURL,
}) => {
  const { formToken, linkQuery } = await pausedRun("streams", 600);
  const url = `${baseURL}/api/forms/${formToken}/events`;
  const controller = new AbortController();
  const open = (signal?: AbortSignal) =>
    fetch(url, { headers: { "X-Form-Link": linkQuery }, signal });
  try {
    // The paused run's stream stays open (it waits for the next event).
    for (let i = 0; i < 4; i++) {
      const response = await open(controller.signal);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/event-stream");
    }
    const fifth = await open();
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await fifth.json()).toEqual({
      status: 429,
      code: "too_many_streams",
      message: "This link already has as many live views open as it may. Close one and try again.",
    });
  } finally {
    controller.abort();
  }
  // A closed stream frees its slot.
  await expect
    .poll(async () => {
      const again = await open(AbortSignal.timeout(5_000)).catch(() => undefined);
      return again?.status;
    })
    .toBe(200);
});

test("an event stream ends when its link expires", async ({ baseURL }) => {
  const { formToken, linkQuery, exp } = await pausedRun("expiry", 3);
  const response = await fetch(`${baseURL}/api/forms/${formToken}/events`, {
    headers: { "X-Form-Link": linkQuery },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  // It was the server that ended it, at the link's expiry, not the run (still paused).
  // (A link is good through the whole second `exp`.)
  expect(Date.now()).toBeGreaterThanOrEqual((exp + 1) * 1000);
  expect(Date.now()).toBeLessThan((exp + 1) * 1000 + 10_000);
  expect(text).toContain("human_input_required");
  expect(text).not.toContain("workflow_finished");

  // And it cannot be opened again with the expired link.
  const again = await fetch(`${baseURL}/api/forms/${formToken}/events`, {
    headers: { "X-Form-Link": linkQuery },
  });
  expect(again.status).toBe(403);
  expect(await again.json()).toMatchObject({ code: "link_expired" });
});

test("a page past its link's live-view limit keeps trying, and follows the run once a view closes", async ({
  page,
  baseURL,
}) => {
  // A run whose steps take 1.5 s each: once it finishes, every stream of it ends and frees its
  // view, so it must still be going while the page is held back.
  const user = `views-${Date.now()}@example.com`;
  const { runId, formToken } = await startRunAsPortal(user, {}, { stepDelayMs: 1500 });
  const demoRun = { formToken, link: signLink({ token: formToken, run: runId, user }) };
  const linkQuery = new URL(demoRun.link, baseURL).search.slice(1);
  const otherTabs = new AbortController();
  // Held until the end: a response nobody refers to may be collected, and its stream closed.
  const open: Response[] = [];
  for (let i = 0; i < 4; i++) {
    const response = await fetch(`${baseURL}/api/forms/${demoRun.formToken}/events`, {
      headers: { "X-Form-Link": linkQuery },
      signal: otherTabs.signal,
    });
    expect(response.status).toBe(200);
    open.push(response);
  }
  try {
    await page.goto(demoRun.link);
    await fillDemoForm(page);
    await chooseAction(page, "Approve and publish");
    const run = page.getByRole("region", { name: "What happens next" });
    await expect(run.getByRole("status")).toHaveText("Connection lost. Reconnecting…");
  } finally {
    otherTabs.abort();
    open.length = 0;
  }
  await expect(
    page.getByRole("region", { name: "What happens next" }).getByRole("heading", {
      name: "Run finished",
    }),
  ).toBeVisible({ timeout: 30_000 });
});
