import { expect, test } from "@/e2e/fixtures";
import { fillDemoForm, signLink, tradedLink } from "@/e2e/helpers/forms";
import { getRunRecord, readEventsRoute } from "@/e2e/helpers/runs";

// A link opens its own form only, unless it is signed `scope=run`; and whatever its scope, no
// form token but its own reaches the browser.

type Event = { event: string; data?: Record<string, unknown> };

const pausedAt = (node: string) => (event: Event) =>
  event.event === "workflow_paused" &&
  Array.isArray(event.data?.paused_nodes) &&
  (event.data.paused_nodes as string[]).includes(node);

test("a form-scope link follows the run but cannot open the next form, nor see its token", async ({
  page,
  demoRun,
  baseURL,
}) => {
  // The demo fixture's link has no scope: its own form only.
  expect(new URL(demoRun.link, "http://x").searchParams.has("scope")).toBe(false);
  // What the browser receives on this link's stream, read the way the page reads it.
  const received = readEventsRoute(baseURL!, demoRun.link, pausedAt("final_check"));
  await page.goto(demoRun.link);
  await fillDemoForm(page);
  await page.getByRole("button", { name: "Request changes" }).click();

  const run = page.getByRole("region", { name: "What happens next" });
  await expect(run.getByText("waits for someone else").first()).toBeVisible();
  await expect(run.getByRole("list", { name: "Waiting for an answer" })).toContainText(
    "Final check",
  );
  // The page stays where it is: the next form is someone else's.
  expect(new URL(page.url()).pathname).toBe(`/form/${demoRun.formToken}`);
  await expect(page.getByLabel("Priority")).toHaveCount(0);

  const next = (await getRunRecord(demoRun.runId)).current_form_token;
  expect(next).toBeTruthy();
  expect(next).not.toBe(demoRun.formToken);
  const stream = await received;
  expect(stream).toContain("final_check");
  expect(stream).toContain(demoRun.formToken);
  expect(stream).not.toContain(next!);

  // Asking the server directly is refused before anything goes upstream.
  const refused = await page.request.post(`/api/forms/${demoRun.formToken}/next-link`, {
    headers: {
      "x-form-link": new URL(demoRun.link, "http://x").search.slice(1),
      origin: new URL(baseURL!).origin,
    },
    data: { node_id: "final_check" },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ status: 403, code: "link_scope" });
});

test("a run-scope link opens the next form in place, though its stream carries no other token", async ({
  page,
  demoRun,
  baseURL,
}) => {
  const link = signLink({
    token: demoRun.formToken,
    run: demoRun.runId,
    user: demoRun.user,
    scope: "run",
  });
  const received = readEventsRoute(baseURL!, link, pausedAt("final_check"));
  await page.goto(link);
  await fillDemoForm(page);
  await page.getByRole("button", { name: "Request changes" }).click();
  await expect(page.getByLabel("Priority")).toBeVisible();
  const next = (await getRunRecord(demoRun.runId)).current_form_token!;
  expect(new URL(page.url()).pathname).toBe(`/form/${next}`);
  expect((await tradedLink(page)).get("scope")).toBe("run");
  // The server found the next token itself: the stream never handed it to the browser.
  expect(await received).not.toContain(next);
});
