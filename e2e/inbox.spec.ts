import { expect, inboxTest as test } from "@/e2e/fixtures";
import { expectAccessible, registerRequest, WIDTHS } from "@/e2e/helpers/inbox";
import { inboxLink } from "@/e2e/helpers/inbox";
import { EMBEDDED_ORIGIN } from "@/e2e/helpers/embedded";
import { createCustomForm } from "@/e2e/helpers/forms";
import { openPortal } from "@/e2e/helpers/portal";
import { attachFiles } from "@/e2e/helpers/uploads";

// /inbox: the person's requests from the store, waiting ones first with a countdown, answered
// ones with their receipt, searched, filtered, walked with the keyboard, and live.

// A fresh server's first pages are slow on a busy machine.
test.describe.configure({ mode: "serial", timeout: 60_000 });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a person sees what waits on them, answers one in place and finds its receipt", async ({
      page,
      inboxWorld,
    }, testInfo) => {
      const user = `inbox-${width}-${testInfo.workerIndex}-${Date.now()}@example.com`;
      await registerRequest(inboxWorld, { recipient: user, title: "Contract review" });
      await registerRequest(inboxWorld, { recipient: user, title: "Budget approval" });
      await page.goto(`${inboxWorld.app.url}${inboxLink(user)}`);
      const list = page.getByRole("list", { name: "Requests" });
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await expect(list.getByText(/Closes in/).first()).toBeVisible();
      // One link per row, named by its title; the status beside it is text.
      const contract = list.getByRole("listitem").filter({ hasText: "Contract review" });
      await expect(contract.getByRole("link")).toHaveCount(1);
      await expect(contract.getByRole("link")).toHaveAccessibleName("Contract review");
      await expect(contract.getByText("Waiting", { exact: true })).toBeVisible();
      await expectAccessible(page);

      await list.getByRole("link", { name: /Budget approval/ }).click();
      await expect(page.getByRole("heading", { name: "Editorial review" })).toBeVisible();
      await page.getByLabel("Tone").selectOption("Friendly");
      await attachFiles(page, "Cover", [
        { name: "cover.png", mimeType: "image/png", buffer: Buffer.from("png-bytes") },
      ]);
      await expect(page.getByRole("list", { name: "Files for Cover" })).toContainText(/attached/);
      await page.getByRole("button", { name: "Approve and publish" }).click();
      await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();

      await page.goto(`${inboxWorld.app.url}/inbox`);
      const answered = list.getByRole("listitem").filter({ hasText: "Budget approval" });
      await expect(answered).toContainText("Answered");
      await expect(answered).toContainText(/Answered “Approve and publish” on .* by /);
      // Waiting ones first.
      await expect(list.getByRole("listitem").first()).toContainText("Contract review");
    });

    test("search by title, filter by status, and the keyboard", async ({
      page,
      inboxWorld,
    }, testInfo) => {
      const user = `keys-${width}-${testInfo.workerIndex}-${Date.now()}@example.com`;
      await registerRequest(inboxWorld, { recipient: user, title: "Hiring plan" });
      await registerRequest(inboxWorld, { recipient: user, title: "Vendor contract" });
      await page.goto(`${inboxWorld.app.url}${inboxLink(user)}`);
      const list = page.getByRole("list", { name: "Requests" });
      await expect(list.getByRole("listitem")).toHaveCount(2);

      // The page claims the shortcut once it answers to it.
      await expect(page.getByLabel("Search by title")).toHaveAttribute("aria-keyshortcuts", "/");
      await page.keyboard.press("/");
      await expect(page.getByLabel("Search by title")).toBeFocused();
      await page.keyboard.type("vendor");
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await page.getByLabel("Search by title").fill("");

      await page.getByLabel("Status").selectOption("answered");
      await expect(page.getByText("No request matches the search or the filter.")).toBeVisible();
      await page.getByLabel("Status").selectOption("waiting");
      await expect(list.getByRole("listitem")).toHaveCount(2);

      await page.locator("body").click({ position: { x: 2, y: 2 } });
      await page.keyboard.press("j");
      await expect(list.getByRole("link").first()).toBeFocused();
      await page.keyboard.press("j");
      await expect(list.getByRole("link").nth(1)).toBeFocused();
      await page.keyboard.press("k");
      await expect(list.getByRole("link").first()).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { name: "Editorial review" })).toBeVisible();
    });
  });
}

test("a request registered while the inbox is open shows within seconds", async ({
  page,
  inboxWorld,
}, testInfo) => {
  const user = `live-${testInfo.workerIndex}-${Date.now()}@example.com`;
  await page.goto(`${inboxWorld.app.url}${inboxLink(user)}`);
  await expect(page.getByText("Nothing waits for you.", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await registerRequest(inboxWorld, { recipient: user, title: "Late arrival" });
  await expect(page.getByRole("link", { name: /Late arrival/ })).toBeVisible({ timeout: 10_000 });
});

test("a portal frames the inbox with embed.js and a form opens inside the frame", async ({
  page,
  inboxWorld,
}, testInfo) => {
  const user = `framed-${testInfo.workerIndex}-${Date.now()}@example.com`;
  await registerRequest(inboxWorld, { recipient: user, title: "Framed approval" });
  await openPortal(page, EMBEDDED_ORIGIN, `${inboxWorld.app.url}${inboxLink(user)}`, "mount");
  const frame = page.frameLocator("#embed iframe");
  await frame.getByRole("link", { name: /Framed approval/ }).click();
  await expect(frame.getByRole("heading", { name: "Editorial review" })).toBeVisible();
});

test("a long inbox shows its newest page first and the rest with Show more, on a phone", async ({
  page,
  inboxWorld,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = `many-${testInfo.workerIndex}-${Date.now()}@example.com`;
  const register = async (title: string) => {
    const form = await createCustomForm({
      form_content: title,
      inputs: [],
      user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
      user,
    });
    await registerRequest(inboxWorld, {
      recipient: user,
      title,
      form: { formToken: form.token, runId: form.runId },
    });
  };
  // The oldest first, then a page's worth (50) newer ones, a few at a time.
  await register("The oldest request");
  for (let batch = 0; batch < 5; batch++) {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => register(`Request ${batch * 10 + i + 1}`)),
    );
  }
  await page.goto(`${inboxWorld.app.url}${inboxLink(user)}`);
  const list = page.getByRole("list", { name: "Requests" });
  await expect(list.getByRole("listitem")).toHaveCount(50);
  await expect(list.getByRole("link", { name: "The oldest request" })).toHaveCount(0);
  await expect(page.getByText("50 requests shown", { exact: false })).toBeVisible();
  await expectAccessible(page);

  const more = page.getByRole("button", { name: "Show more" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(list.getByRole("listitem")).toHaveCount(51);
  await expect(list.getByRole("link", { name: "The oldest request" })).toBeVisible();
  await expect(more).toHaveCount(0);

  // A caller asks for at most 200 rows a page.
  const tooMany = await page.request.get(`${inboxWorld.app.url}/api/inbox?limit=201`);
  expect(tooMany.status()).toBe(400);
});
