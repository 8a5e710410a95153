import { expect, test } from "@/e2e/fixtures";
import { createCustomForm, draftKeys, signLink } from "@/e2e/helpers/forms";

// Unsent answers stay in this browser per form token AND user, and go once the form or the link
// can no longer be used: a second person's link to the same form on a shared machine sees
// nothing of the first one's answer.

const question = {
  form_content: "Your view {{#$output.answer#}}",
  inputs: [{ type: "paragraph", output_variable_name: "answer", default: null }],
  user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
};

test("a draft belongs to the link's user: another user's link to the form starts empty", async ({
  page,
}) => {
  const form = await createCustomForm(question);
  await page.goto(form.link);
  await page.getByRole("textbox", { name: "Answer" }).fill("Alice's private answer");
  await expect.poll(() => draftKeys(page)).toHaveLength(1);

  const bob = signLink({ token: form.token, run: form.runId, user: "bob@example.com" });
  await page.goto(bob);
  await expect(page.getByRole("textbox", { name: "Answer" })).toHaveValue("");
  await expect(page.getByText(/Restored what you entered/)).toHaveCount(0);

  await page.goto(form.link);
  await expect(page.getByRole("textbox", { name: "Answer" })).toHaveValue("Alice's private answer");
});

test("a draft is deleted when its link expires", async ({ page }) => {
  const form = await createCustomForm(question);
  const shortLink = signLink({
    token: form.token,
    run: form.runId,
    user: form.user,
    ttlSeconds: 3,
  });
  await page.goto(shortLink);
  await page.getByRole("textbox", { name: "Answer" }).fill("typed under a short link");
  await expect.poll(() => draftKeys(page)).toHaveLength(1);
  // Opened again until the link has expired: no longer than it takes.
  await expect(async () => {
    await page.goto(shortLink);
    await expect(page.getByRole("heading", { name: /expired/i })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect.poll(() => draftKeys(page)).toEqual([]);
});
