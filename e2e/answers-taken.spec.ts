import { expect, test } from "@/e2e/fixtures";
import { createCustomForm, getFormRecord } from "@/e2e/helpers/forms";

// What the page sends, the app takes: an upload the app accepted, and an input with any legal
// variable name, go through the app's own submit schema unchanged.

const ok = [{ id: "ok", title: "Send", button_style: "primary" }];

test("a file whose extension is longer than 32 characters is uploaded and sent", async ({
  page,
}) => {
  const extension = "longextension".repeat(3); // 39 characters
  const form = await createCustomForm({
    form_content: "{{#$output.doc#}}",
    inputs: [
      {
        type: "file",
        output_variable_name: "doc",
        allowed_file_types: ["custom"],
        allowed_file_extensions: [`.${extension}`],
        allowed_file_upload_methods: ["local_file"],
      },
    ],
    user_actions: ok,
  });
  await page.goto(form.link);
  await page
    .getByRole("group", { name: "Doc" })
    .locator('input[type="file"]')
    .setInputFiles({
      name: `report.${extension}`,
      mimeType: "application/octet-stream",
      buffer: Buffer.alloc(512, 1),
    });
  await expect(
    page.getByRole("list", { name: "Files for Doc" }).getByText("(attached)"),
  ).toBeAttached();
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  const { submission } = await getFormRecord(form.token);
  expect(submission?.inputs.doc).toMatchObject({ type: "custom", extension: `.${extension}` });
});

test("inputs named __proto__ and constructor (legal variable names) are kept and sent under their names", async ({
  page,
}) => {
  const form = await createCustomForm({
    form_content: "{{#$output.__proto__#}} {{#$output.constructor#}} {{#$output.tone#}}",
    inputs: [
      { type: "paragraph", output_variable_name: "__proto__", default: null },
      {
        type: "paragraph",
        output_variable_name: "constructor",
        default: { type: "constant", selector: [], value: "Kind regards" },
      },
      {
        type: "select",
        output_variable_name: "tone",
        option_source: { type: "constant", selector: [], value: ["Formal", "Friendly"] },
      },
    ],
    user_actions: ok,
  });
  await page.goto(form.link);
  await page.getByRole("textbox", { name: "Proto" }).fill("Dear team");
  await page.getByRole("textbox", { name: "Constructor" }).fill("Best");
  await page.getByRole("button", { name: "Reset to suggestion" }).click();
  await expect(page.getByRole("textbox", { name: "Constructor" })).toHaveValue("Kind regards");
  // The draft keeps them under their names too.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Proto" })).toHaveValue("Dear team");
  await page.getByLabel("Tone").selectOption("Friendly");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  const { submission } = await getFormRecord(form.token);
  expect(Object.entries(submission?.inputs ?? {}).sort()).toEqual([
    ["__proto__", "Dear team"],
    ["constructor", "Kind regards"],
    ["tone", "Friendly"],
  ]);
});
