import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "@/e2e/fixtures";
import { EMBEDDED_ORIGIN } from "@/e2e/helpers/embedded";
import { chooseAction, createCustomForm, fillDemoForm } from "@/e2e/helpers/forms";
import { openPortal, receivedMessages } from "@/e2e/helpers/portal";

test("a portal on an allowed origin frames the form and receives its events in order", async ({
  page,
  demoRun,
  baseURL,
}) => {
  const app = new URL(baseURL!);
  await openPortal(page, EMBEDDED_ORIGIN, `${app.origin}${demoRun.link}&embed=1`);
  const frame = page.frameLocator("#embed iframe");
  await expect(frame.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  await expect(frame.getByText("Workflow request", { exact: true })).toHaveCount(0); // no page chrome
  // Framed, the link is not traded for a cookie (it would be third-party): it stays in the frame's
  // address and its requests' header (decision 035), and the whole story below still works.
  const framed = page.frames().find((f) => f.url().startsWith(app.origin))!;
  expect(new URL(framed.url()).searchParams.get("sig")).not.toBeNull();
  expect((await page.context().cookies()).filter((c) => c.name === "hi_form_link")).toEqual([]);

  // As a portal does: commands are sent once the frame has said it is ready to hear them.
  await expect
    .poll(async () => (await receivedMessages(page)).some((m) => m.data.type === "ready"))
    .toBe(true);
  await page.evaluate((origin) => {
    document
      .querySelector<HTMLIFrameElement>("#embed iframe")!
      .contentWindow!.postMessage({ type: "set-theme", theme: "dark" }, origin);
  }, app.origin);
  await expect(frame.locator("html")).toHaveAttribute("data-theme", "dark");

  await fillDemoForm(frame);
  await frame.getByRole("button", { name: "Approve and publish" }).click();
  await expect(frame.getByRole("heading", { name: "Run finished" })).toBeVisible();
  await expect
    .poll(async () => (await receivedMessages(page)).some((m) => m.data.type === "run-finished"))
    .toBe(true);

  const messages = await receivedMessages(page);
  for (const message of messages) {
    expect(message.origin).toBe(app.origin);
    expect(message.data).toMatchObject({
      source: "dify-human-input",
      formToken: demoRun.formToken,
    });
  }
  const types = messages.map((message) => message.data.type);
  const order = ["ready", "submitted", "run-finished"].map((type) => types.indexOf(type));
  expect(order.every((index) => index >= 0)).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(types).toContain("resize");
  expect(types.indexOf("run-progress")).toBeGreaterThan(types.indexOf("submitted"));
  const submitted = messages.find((m) => m.data.type === "submitted")!;
  expect(submitted.data).toMatchObject({ actionId: "approve", actionTitle: "Approve and publish" });
  const finished = messages.find((m) => m.data.type === "run-finished")!;
  expect(finished.data).toMatchObject({
    status: "succeeded",
    outputs: { result: expect.stringContaining("Published") as unknown },
  });
  const resize = messages.find((m) => m.data.type === "resize")!;
  expect(resize.data.height).toBeGreaterThan(200);
});

test("a portal on another origin cannot frame the form and hears nothing", async ({
  page,
  demoRun,
  baseURL,
}) => {
  const app = new URL(baseURL!);
  // The same stand-in portal, reached by another name: an origin the app does not allow.
  const refusedOrigin = EMBEDDED_ORIGIN.replace("127.0.0.1", "localhost");
  const blocked = page.waitForEvent("console", (message) => /frame-ancestors/.test(message.text()));
  await openPortal(page, refusedOrigin, `${app.origin}${demoRun.link}&embed=1`);
  await blocked;
  await expect(
    page.frameLocator("#embed iframe").getByRole("heading", { name: "Your answer is needed" }),
  ).toHaveCount(0);
  expect(await receivedMessages(page)).toEqual([]);
});

test("the dark theme passes the accessibility check", async ({ page, demoRun }) => {
  await page.goto(`${demoRun.link}&theme=dark`);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(15, 17, 21)");
  await page.getByRole("button", { name: "Approve and publish" }).click(); // the error state too
  await expect(page.getByText("Please check your answers")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("phones and tablets: no sideways scroll on the open, answered and expired screens", async ({
  page,
  demoRun,
}) => {
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(demoRun.link);
    await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    // On a phone the actions sit in a bar that stays on screen; wider, they end the form.
    if (width < 600) await expect(page.getByRole("button", { name: "More" })).toBeInViewport();
  }
  await fillDemoForm(page);
  await chooseAction(page, "Reject");
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible();
  await expectNoSidewaysScroll(page);

  const expiring = await createCustomForm({
    form_content: "Quick one {{#$output.note#}}",
    inputs: [{ type: "paragraph", output_variable_name: "note", default: null }],
    user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
    expires_in_seconds: 1,
  });
  // Opened again until the form has expired: no longer than it takes.
  await expect(async () => {
    await page.goto(expiring.link);
    await expect(page.getByRole("heading", { name: "This form has expired" })).toBeVisible({
      timeout: 500,
    });
  }).toPass({ timeout: 15_000 });
  await expectNoSidewaysScroll(page);
});

async function expectNoSidewaysScroll(page: Page) {
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 800 });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
      `width ${width}`,
    ).toBe(true);
  }
}

test("the launcher fits phones and tablets, and picture fields offer the camera", async ({
  page,
}) => {
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Start a workflow" })).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
      `width ${width}`,
    ).toBe(true);
  }
  const picker = page.getByRole("group", { name: "Reference image" }).locator('input[type="file"]');
  await expect(picker).toHaveAttribute("accept", /image\/\*/);
});
