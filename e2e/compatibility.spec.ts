import { expect, test } from "@/e2e/fixtures";
import { createCustomForm, getFormRecord } from "@/e2e/helpers/forms";
import { launcherUser } from "@/e2e/helpers/launcher";
import { receivedInputsOf, runsOf } from "@/e2e/helpers/runs";
import { recordRequests } from "@/e2e/helpers/security";
import { attachFiles } from "@/e2e/helpers/uploads";

// What a real Dify server is strict about, met the way the server meets it (README:
// "Compatibility"): file types as the server detects them, constant defaults, typed start inputs.

const ACTIONS = [{ id: "send", title: "Send", button_style: "primary" }];

test("a picture for a document-only field is refused before upload, in words", async ({ page }) => {
  const form = await createCustomForm({
    form_content: "Attach the signed contract.\n\n{{#$output.contract#}}",
    inputs: [
      {
        type: "file",
        output_variable_name: "contract",
        allowed_file_types: ["document"],
        allowed_file_extensions: [],
        allowed_file_upload_methods: ["local_file"],
      },
    ],
    user_actions: ACTIONS,
  });
  const uploads = recordRequests(page, `/api/forms/${form.token}/files`);
  await page.goto(form.link);
  await attachFiles(page, "Contract", [
    { name: "signed.png", mimeType: "image/png", buffer: Buffer.from("png") },
  ]);
  await expect(page.getByRole("alert").filter({ hasText: "signed.png" })).toContainText(
    "signed.png counts as images to the server, and this field does not take images",
  );
  await expect(page.getByRole("list", { name: "Files for Contract" })).toHaveCount(0);
  expect(uploads).toEqual([]);
});

test("a .py file for a document field is sent as a document and accepted", async ({ page }) => {
  const form = await createCustomForm({
    form_content: "Attach the script to review.\n\n{{#$output.script#}}",
    inputs: [
      {
        type: "file",
        output_variable_name: "script",
        allowed_file_types: ["document"],
        allowed_file_extensions: [],
        allowed_file_upload_methods: ["local_file"],
      },
    ],
    user_actions: ACTIONS,
  });
  await page.goto(form.link);
  await attachFiles(page, "Script", [
    { name: "tool.py", mimeType: "text/x-python", buffer: Buffer.from("print('hi')\n") },
  ]);
  await expect(page.getByRole("list", { name: "Files for Script" })).toContainText("(attached)");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();

  const record = await getFormRecord(form.token);
  expect(record.status).toBe("submitted");
  expect(record.submission?.inputs.script).toEqual({
    type: "document",
    transfer_method: "local_file",
    upload_file_id: expect.any(String) as unknown,
    extension: ".py",
  });
});

test("a constant default is pre-filled, and a resolved one wins over it", async ({ page }) => {
  const form = await createCustomForm({
    form_content: "{{#$output.note#}}\n\n{{#$output.summary#}}",
    inputs: [
      {
        type: "paragraph",
        output_variable_name: "note",
        default: { type: "constant", selector: [], value: "Looks good to me." },
      },
      {
        type: "paragraph",
        output_variable_name: "summary",
        default: { type: "variable", selector: ["llm", "text"], value: "" },
      },
    ],
    resolved_default_values: { summary: "From the run" },
    user_actions: ACTIONS,
  });
  await page.goto(form.link);
  await expect(page.getByLabel("Note")).toHaveValue("Looks good to me.");
  await expect(page.getByLabel("Summary")).toHaveValue("From the run");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  expect((await getFormRecord(form.token)).submission?.inputs).toEqual({
    note: "Looks good to me.",
    summary: "From the run",
  });
});

test("the launcher sends a checkbox as a boolean and JSON as an object; bad JSON is explained and kept", async ({
  page,
}) => {
  const launches = recordRequests(page, "/api/launch");
  await page.goto("/");
  await page.getByLabel("Topic").fill("Typed inputs");
  await page.getByLabel("Notify subscribers").check();
  const json = page.getByLabel("Campaign settings (JSON)");
  const broken = '{"channel": "email", "retries": 2';
  await json.fill(broken);
  await page.getByRole("button", { name: "Start" }).click();

  await expect(page.getByText(/^This is not valid JSON \(.+\)\. Your text is kept/)).toBeVisible();
  await expect(json).toHaveAttribute("aria-invalid", "true");
  await expect(json).toHaveValue(broken);
  await expect(page.getByLabel("Topic")).toHaveValue("Typed inputs");
  await expect(page.getByLabel("Notify subscribers")).toBeChecked();
  expect(launches).toEqual([]);

  await json.fill('["not", "an", "object"]');
  await page.getByRole("button", { name: "Start" }).click();
  await expect(
    page.getByText("Enter a JSON object: names and values inside curly braces."),
  ).toBeVisible();

  await json.fill(`${broken}}`);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  const [run] = await runsOf(await launcherUser(page));
  expect(await receivedInputsOf(run!.id)).toMatchObject({
    topic: "Typed inputs",
    notify: true,
    campaign: { channel: "email", retries: 2 },
  });
});

test("a start variable the app's author hid is not shown nor asked for, and its default goes with the run", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByLabel("Topic").fill("Hidden fields");
  await expect(page.getByLabel("Brief")).toBeVisible();
  await expect(page.getByLabel("Source")).toHaveCount(0);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  const [run] = await runsOf(await launcherUser(page));
  expect(await receivedInputsOf(run!.id)).toMatchObject({
    topic: "Hidden fields",
    source: "launcher",
  });
});
