import type { Page } from "@playwright/test";
import { expect, test } from "@/e2e/fixtures";
import { embeddedAdmin } from "@/e2e/helpers/embedded";
import { fillDemoForm, getFormRecord, tradedLink } from "@/e2e/helpers/forms";
import { CHAT_APP_URL, launcherUser } from "@/e2e/helpers/launcher";
import { getRunRecord, runsOf } from "@/e2e/helpers/runs";
import { recordRequests } from "@/e2e/helpers/security";

// The launcher (`/`): start the configured app from its parameters and land on its form.

/** The form page's token and run, read from its address. */
/** The form the launcher opened: its token from the clean address, the rest from its cookie. */
async function formAddress(page: Page) {
  const link = await tradedLink(page);
  return {
    token: decodeURIComponent(new URL(page.url()).pathname.replace(/^\/form\//, "")),
    run: link.get("run") ?? "",
    user: link.get("user") ?? "",
    scope: link.get("scope"),
  };
}

test("the workflow demo starts from / and its form is answered to a finished run", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Start a workflow" })).toBeVisible();
  // The start form is the app's user_input_form, with its defaults.
  await expect(page.getByLabel("Audience")).toHaveValue("Engineers");
  await expect(page.getByLabel("Brief")).toBeVisible();
  await expect(page.getByLabel("Target length (words)")).toBeVisible();
  await expect(page.getByText("Up to 120 characters.")).toBeVisible();

  await page.getByLabel("Topic").fill("Launch day");
  await page.getByLabel("Brief").fill("The new dashboard ships on Monday.");
  await page.getByLabel("Target length (words)").fill("200");
  // A reference image, uploaded through the app as the launcher's user.
  await page
    .getByRole("group", { name: "Reference image" })
    .locator('input[type="file"]')
    .setInputFiles({ name: "ref.png", mimeType: "image/png", buffer: Buffer.alloc(2048, 1) });
  await expect(
    page.getByRole("list", { name: "Files for Reference image" }).getByText("(attached)"),
  ).toBeAttached();
  await page.getByRole("button", { name: "Start" }).click();

  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  await expect(page.getByText("about **Launch day**".replace(/\*\*/g, ""))).toBeVisible();
  const address = await formAddress(page);
  const user = await launcherUser(page);
  expect(address.user).toBe(user);
  // The launcher's own user started the run: its link may open the run's later forms too.
  expect(address.scope).toBe("run");

  await fillDemoForm(page);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible();

  // One user for the upload, the run and the form.
  const run = await getRunRecord(address.run);
  expect(run.user).toBe(user);
  expect(run.status).toBe("succeeded");
  expect((await getFormRecord(address.token)).submission?.user).toBe(user);
});

test("on a server whose run stops when its start stream closes, the launcher keeps that stream open while its form is answered", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await expect(page.getByLabel("Topic")).toBeVisible();
  const user = await launcherUser(page);
  // The flaw of Dify 1.16.0–1.16.1 (#39448), for this user's runs only.
  await embeddedAdmin.configure({ streamCloseStopsRunFor: user });
  try {
    await page.getByLabel("Topic").fill("Launch day");
    await page.getByRole("button", { name: "Start" }).click();
    const open = page.getByRole("link", { name: "Open the form" });
    await expect(open).toHaveAttribute("target", "_blank");
    expect(new URL(page.url()).pathname).toBe("/");
    const [form] = await Promise.all([context.waitForEvent("page"), open.click()]);
    await fillDemoForm(form);
    await form.getByRole("button", { name: "Approve and publish" }).click();
    await expect(form.getByRole("heading", { name: "Run finished" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible();
  } finally {
    await embeddedAdmin.configure({ streamCloseStopsRunFor: null });
  }
});

test("a checkbox sits beside its label", async ({ page }) => {
  await page.goto("/");
  const box = await page.getByLabel("Notify subscribers").boundingBox();
  const label = await page.locator("label", { hasText: "Notify subscribers" }).boundingBox();
  expect(box && label).toBeTruthy();
  if (!box || !label) return;
  // On one line: the box first, the label to its right, their middles level.
  expect(box.x + box.width).toBeLessThanOrEqual(label.x);
  expect(Math.abs(box.y + box.height / 2 - (label.y + label.height / 2))).toBeLessThan(8);
});

test("a required start input left empty is pointed out and nothing is started", async ({
  page,
}) => {
  const launches = recordRequests(page, "/api/launch");
  await page.goto("/");
  await page.getByLabel("Audience").selectOption("Executives");
  await page.getByRole("button", { name: "Start" }).click();

  const topic = page.getByLabel("Topic");
  await expect(page.getByText("Enter Topic.")).toBeVisible();
  await expect(topic).toHaveAttribute("aria-invalid", "true");
  await expect(topic).toBeFocused();
  expect(launches).toEqual([]);
  expect(await runsOf(await launcherUser(page))).toEqual([]);
});

test("an image over the size limit is refused before it is uploaded", async ({ page }) => {
  const uploads = recordRequests(page, "/api/launch/files");
  await page.goto("/");
  await expect(page.getByText("images up to 10 MB")).toBeVisible();
  await page
    .getByRole("group", { name: "Reference image" })
    .locator('input[type="file"]')
    .setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(11 * 1024 * 1024, 1),
    });
  await expect(
    page.getByRole("group", { name: "Reference image" }).getByRole("alert"),
  ).toContainText("huge.png is 11 MB: the limit for this kind of file is 10 MB.");
  expect(uploads).toEqual([]);
});

test("the start route refuses other sites and invalid values, starting nothing", async ({
  request,
  baseURL,
}) => {
  const body = { inputs: { topic: "", audience: "Engineers" }, query: "" };
  const foreign = await request.post("/api/launch", {
    data: body,
    headers: { Origin: "https://evil.example" },
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toMatchObject({ code: "forbidden_origin" });

  const invalid = await request.post("/api/launch", { data: body, headers: { Origin: baseURL! } });
  expect(invalid.status()).toBe(400);
  expect(await invalid.json()).toMatchObject({ code: "invalid_request" });
});

test.describe("the chatflow app", () => {
  test.use({ baseURL: CHAT_APP_URL });

  test("the chatflow demo starts from a message and its form is answered to a finished run", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Start a conversation" })).toBeVisible();
    await expect(page.getByText("a reviewer approves each reply")).toBeVisible();
    await expect(page.getByLabel("Product")).toHaveValue("Acme Cloud");

    // An empty message is asked for before anything starts.
    await page.getByRole("button", { name: "Start" }).click();
    await expect(page.getByText("Write a message to start with.")).toBeVisible();
    await expect(page.getByLabel("Message")).toBeFocused();

    await page
      .getByRole("group", { name: "Suggested questions" })
      .getByRole("button", { name: "Can I export my data?" })
      .click();
    await expect(page.getByLabel("Message")).toHaveValue("Can I export my data?");
    await page.getByLabel("Customer name").fill("Dana");
    await page.getByRole("button", { name: "Start" }).click();

    await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
    await expect(page.getByText("Can I export my data?", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Reply")).toHaveValue(/Hi Dana/);
    const address = await formAddress(page);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible();

    const user = await launcherUser(page);
    expect((await getRunRecord(address.run)).user).toBe(user);
    expect((await getFormRecord(address.token)).submission?.user).toBe(user);
  });

  test("a resumed run whose server sends no answer still shows the whole answer, from its outputs", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByLabel("Message")).toBeVisible();
    const user = await launcherUser(page);
    // The flaw of #38432/#38525, for this user's runs only: no `message` events after resumption.
    await embeddedAdmin.configure({ resumedAnswerDroppedFor: user });
    try {
      await page.getByLabel("Message").fill("Can I export my data?");
      await page.getByLabel("Customer name").fill("Dana");
      await page.getByRole("button", { name: "Start" }).click();
      await expect(page.getByLabel("Reply")).toHaveValue(/Hi Dana/);
      await page.getByLabel("Reply").fill("Yes, from Settings, Export.");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible();
      const answer = page.getByRole("region", { name: "Answer", exact: true });
      await expect(answer.getByText("Approved reply:")).toBeVisible();
      await expect(answer.getByText("Yes, from Settings, Export.")).toBeVisible();
    } finally {
      await embeddedAdmin.configure({ resumedAnswerDroppedFor: null });
    }
  });

  test("start inputs named __proto__ and constructor are filled in, sent and checked like any other", async ({
    page,
  }) => {
    await embeddedAdmin.configure({
      addedStartInputs: { app: "chatflow", names: ["__proto__", "constructor"] },
    });
    try {
      await page.goto("/");
      await page.getByLabel("Message").fill("Can I export my data?");
      await page.getByLabel("Customer name").fill("Dana");
      await page.getByLabel("constructor").fill("Built by hand");
      // Left empty, the required input is pointed out and nothing starts.
      await page.getByRole("button", { name: "Start" }).click();
      await expect(page.getByLabel("__proto__")).toBeFocused();
      await expect(page.getByText("Enter __proto__.")).toBeVisible();

      await page.getByLabel("__proto__").fill("Kept as its own answer");
      await page.getByRole("button", { name: "Start" }).click();
      await expect(page.getByLabel("Reply")).toHaveValue(/Hi Dana/);
      const inputs = (await getRunRecord((await formAddress(page)).run)).received_inputs;
      expect([inputs["constructor"], inputs["customer_name"]]).toEqual(["Built by hand", "Dana"]);
    } finally {
      await embeddedAdmin.configure({ addedStartInputs: null });
    }
  });

  test("an unavailable app gets its own screen", async ({ page, chatAppUnavailable }) => {
    void chatAppUnavailable;
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "This app is unavailable" })).toBeVisible();
    await expect(page.getByText("Try again later")).toBeVisible();
    await expect(page.getByRole("button", { name: "Start" })).toHaveCount(0);
  });
});
