import { expect, test } from "@/e2e/fixtures";
import { addFaults, callsFor, removeFaults } from "@/e2e/helpers/embedded";
import { createCustomForm, type CustomFormInput } from "@/e2e/helpers/forms";
import { attachFiles } from "@/e2e/helpers/uploads";

// Human Input v2 forms answer only on Dify's own v2 routes, which the service API does not
// serve yet (501): the page says where the form must be answered instead of "gone".

const FORM: Pick<CustomFormInput, "form_content" | "inputs" | "user_actions"> = {
  form_content: "Check the item.\n\n{{#$output.note#}}",
  inputs: [{ type: "paragraph", output_variable_name: "note", default: null }],
  user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
};

const linkQuery = (link: string) => new URL(link, "http://x").search.slice(1);

test("a v2 form names the channels it must be answered on, and the API says 501", async ({
  page,
  request,
}) => {
  const form = await createCustomForm({
    ...FORM,
    user: `v2-${Date.now()}@example.com`,
    with_run: true,
    form_version: "2",
    approval_channels: ["email", "slack"],
  });
  await page.goto(form.link);
  await expect(page.getByRole("heading", { name: "Answer this request elsewhere" })).toBeVisible();
  await expect(page.getByText("must be answered by email, slack")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Form not found" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);

  const response = await request.get(`/api/forms/${form.token}`, {
    headers: { "x-form-link": linkQuery(form.link) },
  });
  expect(response.status()).toBe(501);
  expect(await response.json()).toMatchObject({ status: 501, code: "form_answered_elsewhere" });
  // A route not served stays so: one upstream read per load (the page, the API call), no retry.
  const gets = (await callsFor(`/form/human_input/${form.token}`)).map((call) => call.status);
  expect(gets).toEqual([501, 501]);
});

test("a v2 form whose channels the page cannot learn is to be answered in Dify", async ({
  page,
}) => {
  const form = await createCustomForm({ ...FORM, form_version: "2" });
  await page.goto(form.link);
  await expect(page.getByRole("heading", { name: "Answer this request elsewhere" })).toBeVisible();
  await expect(page.getByText("must be answered in Dify")).toBeVisible();
});

test("a submit answered 501 says where to answer, with no retry", async ({ page }) => {
  const form = await createCustomForm(FORM);
  const path = `/v1/form/human_input/${form.token}`;
  await addFaults([{ match: { method: "POST", path }, kind: "status501" }]);
  await page.goto(form.link);
  await page.getByLabel("Note").fill("looks fine");
  await page.getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("heading", { name: "Answer this request elsewhere" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await expect(page.getByText("Your answer was not sent")).toHaveCount(0);
  const posts = (await callsFor(`/form/human_input/${form.token}`)).filter(
    (call) => call.method === "POST",
  );
  expect(posts.map((call) => call.status)).toEqual([501]);
  await removeFaults(path);
});

test("an upload answered 501 says where to answer", async ({ page }) => {
  const form = await createCustomForm({
    ...FORM,
    inputs: [
      {
        type: "file",
        output_variable_name: "doc",
        allowed_file_types: ["document"],
        allowed_file_extensions: [],
        allowed_file_upload_methods: ["local_file"],
      },
    ],
    form_content: "Attach the file.\n\n{{#$output.doc#}}",
  });
  await addFaults([{ match: { method: "POST", path: "/v1/files/upload" }, kind: "status501" }]);
  try {
    await page.goto(form.link);
    await attachFiles(page, "Doc", [
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
    ]);
    await expect(
      page.getByRole("heading", { name: "Answer this request elsewhere" }),
    ).toBeVisible();
  } finally {
    await removeFaults("/v1/files/upload");
  }
});
