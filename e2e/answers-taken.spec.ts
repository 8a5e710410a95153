import { expect, test } from "@/e2e/fixtures";
import { createCustomForm, getFormRecord } from "@/e2e/helpers/forms";

// What the page sends, the app takes: an upload the app accepted goes through the app's own
// submit schema unchanged.

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
