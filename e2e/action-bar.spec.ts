import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@/e2e/fixtures";
import { createCustomForm, fillDemoForm, getFormRecord } from "@/e2e/helpers/forms";
import { attachFiles } from "@/e2e/helpers/uploads";

// The form's action bar on a 360×740 phone: one row, at most 12% of the screen, the primary
// action full width and the others in a "More" menu that works with a pointer, a keyboard and a
// screen reader.

test.use({ viewport: { width: 360, height: 740 } });

test("on a phone three actions take one row, the primary one and a More menu", async ({
  page,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  const bar = page.getByRole("group", { name: "Actions" });
  const approve = bar.getByRole("button", { name: "Approve and publish" });
  const more = bar.getByRole("button", { name: "More" });
  await expect(approve).toBeInViewport();
  await expect(more).toBeInViewport();
  await expect(bar.getByRole("button", { name: "Reject" })).toHaveCount(0);
  const box = (await bar.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(0.12 * 740);
  // The primary action takes the row's width beside More.
  const approveBox = (await approve.boundingBox())!;
  expect(approveBox.width).toBeGreaterThan(box.width / 2);
  expect(Math.abs(approveBox.y - (await more.boundingBox())!.y)).toBeLessThan(1);
  // The card meets the screen's edges: its content gets the whole width.
  const card = (await page.locator("form.card").boundingBox())!;
  expect(card.x).toBe(0);
  expect(card.width).toBe(360);

  await fillDemoForm(page);
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await more.click();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  const menu = page.getByRole("menu", { name: "More" });
  await expect(menu.getByRole("menuitem")).toHaveText(["Request changes", "Reject"]);
  await expect(menu.getByRole("menuitem", { name: "Request changes" })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath("menu-open.png") });
  const results = await new AxeBuilder({ page }).include(".action-bar").analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await menu.getByRole("menuitem", { name: "Reject" }).click();
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible();
  expect((await getFormRecord(demoRun.formToken)).submission?.action).toBe("reject");
});

test("the More menu works from the keyboard", async ({ page, demoRun }) => {
  await page.goto(demoRun.link);
  await fillDemoForm(page);
  const more = page.getByRole("button", { name: "More" });
  await more.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "More" });
  await expect(menu.getByRole("menuitem", { name: "Request changes" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Reject" })).toBeFocused();
  await page.keyboard.press("ArrowDown"); // wraps around
  await expect(menu.getByRole("menuitem", { name: "Request changes" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute("aria-expanded", "false");

  await page.keyboard.press("ArrowUp"); // opens on the last entry
  await expect(menu.getByRole("menuitem", { name: "Reject" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(
    page
      .getByRole("heading", { name: "Answer sent" })
      .or(page.getByRole("heading", { name: "Run finished" })),
  ).toBeVisible();
  await expect
    .poll(async () => (await getFormRecord(demoRun.formToken)).submission?.action)
    .toBe("request_changes");
});

test("actions that fit stay side by side, without a More menu", async ({ page }) => {
  const form = await createCustomForm({
    form_content: "Ship it? {{#$output.note#}}",
    inputs: [{ type: "paragraph", output_variable_name: "note", default: null }],
    user_actions: [
      { id: "yes", title: "Yes", button_style: "primary" },
      { id: "no", title: "No", button_style: "default" },
      { id: "later", title: "Later", button_style: "ghost" },
    ],
  });
  await page.goto(form.link);
  const bar = page.getByRole("group", { name: "Actions" });
  await expect(bar.getByRole("button")).toHaveText(["Yes", "No", "Later"]);
  const boxes = await Promise.all(
    ["Yes", "No", "Later"].map(
      async (name) => (await bar.getByRole("button", { name }).boundingBox())!,
    ),
  );
  expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(0.12 * 740);
});

test("on a phone a photo from the camera or the picker uploads and is sent", async ({
  page,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  const picker = page.getByRole("group", { name: "Cover" }).locator('input[type="file"]');
  await expect(picker).toHaveAttribute("accept", /image\/\*/);
  await page.getByLabel("Tone").selectOption("Formal");
  await attachFiles(page, "Cover", [
    { name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("jpeg-bytes") },
  ]);
  await expect(page.getByRole("list", { name: "Files for Cover" })).toContainText(
    /photo\.jpg.*\(attached\)/,
  );
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible();
  const cover = (await getFormRecord(demoRun.formToken)).submission?.inputs.cover;
  expect(cover).toMatchObject({ transfer_method: "local_file" });
});
