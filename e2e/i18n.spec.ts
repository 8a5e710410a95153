import { expect, test } from "@/e2e/fixtures";
import { createCustomForm, fillDemoForm } from "@/e2e/helpers/forms";

// Languages: `?lang=` first, then the browser's Accept-Language; dates in the language and the
// viewer's time zone. The workflow's own content stays as the workflow wrote it.

test("a Simplified Chinese page shows translated headings and dates", async ({ page, demoRun }) => {
  await page.goto(`${demoRun.link}&lang=zh-Hans`);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.getByRole("heading", { name: "需要您的回复" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Editorial review" })).toBeVisible(); // workflow content
  await expect(page.getByTestId("expiry")).toContainText(/请在 \d{4}年\d{1,2}月\d{1,2}日/);
  await expect(page.getByRole("button", { name: "Approve and publish" })).toBeVisible();
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByText("请检查您的回答")).toBeVisible();
  await fillDemoForm(page, "Formal", { linkLabel: "或链接到文件", addLabel: "添加链接" });
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("heading", { name: "回复已发送" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "运行已完成" })).toBeVisible();
});

test("a Japanese browser gets Japanese without asking, in its own time zone", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  const form = await createCustomForm({
    form_content: "{{#$output.note#}}",
    inputs: [{ type: "paragraph", output_variable_name: "note", default: null }],
    user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
  });
  await page.goto(form.link);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { name: "回答が必要です" })).toBeVisible();
  const when = await page.getByTestId("expiry").locator("time").getAttribute("datetime");
  const tokyo = new Intl.DateTimeFormat("ja", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Tokyo",
  }).format(new Date(when!));
  await expect(page.getByTestId("expiry")).toContainText(tokyo);
  await expect(page.getByTestId("expiry")).toContainText("までに回答してください");
  await context.close();
});

test("?lang= wins over the browser's language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ja-JP" });
  const page = await context.newPage();
  const form = await createCustomForm({
    form_content: "{{#$output.note#}}",
    inputs: [{ type: "paragraph", output_variable_name: "note", default: null }],
    user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
  });
  await page.goto(`${form.link}&lang=en`);
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  await context.close();
});

test("a page carries the words of its own area, not every area's", async ({ request, demoRun }) => {
  const html = await (await request.get(demoRun.link)).text();
  expect(html).toContain("Your answer is needed");
  // The knowledge tools' and the launcher's words stay out of the form page.
  expect(html).not.toContain("The knowledge tools are off");
  expect(html).not.toContain("The launcher is off");
});
