import { join } from "node:path";
import { expect, test } from "@/e2e/fixtures";
import { chooseAction, createCustomForm, fillDemoForm } from "@/e2e/helpers/forms";

// Screenshots of the form page at 360 px compared with stored baselines (made with Debian's
// Chromium; regenerate on purpose with `npx playwright test e2e/visual.spec.ts --update-snapshots`).
// Times, durations and the expiry line change from run to run, so visual.css hides them.

test.use({ viewport: { width: 360, height: 800 } });

const options = {
  fullPage: true,
  animations: "disabled",
  stylePath: join(__dirname, "visual.css"),
} as const;

test("the open form at 360 px matches its baseline", async ({ page, demoRun }) => {
  await page.goto(demoRun.link);
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  await expect(page).toHaveScreenshot("open-360.png", options);
});

test("the answered form at 360 px matches its baseline", async ({ page, demoRun }) => {
  await page.goto(demoRun.link);
  await fillDemoForm(page);
  await chooseAction(page, "Reject");
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Steps" })).toContainText("Archive");
  await expect(page).toHaveScreenshot("submitted-360.png", options);
});

test("the expired form at 360 px matches its baseline", async ({ page }) => {
  const form = await createCustomForm({
    form_content: "Quick question {{#$output.answer#}}",
    inputs: [{ type: "paragraph", output_variable_name: "answer", default: null }],
    user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
    expires_in_seconds: 1,
  });
  // Opened again until the form has expired: no longer than it takes.
  await expect(async () => {
    await page.goto(form.link);
    await expect(page.getByRole("heading", { name: "This form has expired" })).toBeVisible({
      timeout: 500,
    });
  }).toPass({ timeout: 15_000 });
  await expect(page).toHaveScreenshot("expired-360.png", options);
});
