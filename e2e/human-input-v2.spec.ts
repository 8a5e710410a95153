import { expect, test } from "@/e2e/fixtures";
import { addFaults, callsFor, removeFaults } from "@/e2e/helpers/embedded";
import { createCustomForm, type CustomFormInput } from "@/e2e/helpers/forms";
import { attachFiles } from "@/e2e/helpers/uploads";

// Human Input v2 forms answer only on Dify's own v2 routes: the v1 route the service API has
// answers a v2 token 404 "Form not found", and the v2 stubs answer 501. The page tells a v2 form
// by the `form_version: "2"` of the run's events and says where it must be answered instead of
// "gone"; a 409/410 (v2's words for answered/expired) reads as the v1 412s.

const FORM: Pick<CustomFormInput, "form_content" | "inputs" | "user_actions"> = {
  form_content: "Check the item.\n\n{{#$output.note#}}",
  inputs: [{ type: "paragraph", output_variable_name: "note", default: null }],
  user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
};

const linkQuery = (link: string) => new URL(link, "http://x").search.slice(1);

test("a v2 form, told by its run's events, names the channels it must be answered on in words", async ({
  page,
  request,
}) => {
  const form = await createCustomForm({
    ...FORM,
    user: `v2-${Date.now()}@example.com`,
    with_run: true,
    form_version: "2",
    approval_channels: ["email", "slack", "carrier_pigeon"],
  });
  await page.goto(form.link);
  await expect(page.getByRole("heading", { name: "Answer this request elsewhere" })).toBeVisible();
  await expect(
    page.getByText("must be answered by email or in Slack, not on this page"),
  ).toBeVisible();
  await expect(page.getByText("carrier_pigeon")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Form not found" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);

  // What Dify's v1 route says of a v2 token, passed on as it is.
  const response = await request.get(`/api/forms/${form.token}`, {
    headers: { "x-form-link": linkQuery(form.link) },
  });
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: "not_found" });
  const gets = (await callsFor(`/form/human_input/${form.token}`)).map((call) => call.status);
  expect(gets.every((status) => status === 404)).toBe(true);
});

test("the same page in Japanese names the channels in Japanese", async ({ page }) => {
  const form = await createCustomForm({
    ...FORM,
    user: `v2-ja-${Date.now()}@example.com`,
    with_run: true,
    form_version: "2",
    approval_channels: ["console"],
  });
  await page.goto(`${form.link}&lang=ja`);
  await expect(page.getByText("Dify のコンソールで回答する必要があります")).toBeVisible();
});

test("a form route answered 501 (the v2 stubs) is to be answered in Dify, with no retry", async ({
  page,
}) => {
  const form = await createCustomForm(FORM);
  const path = `/v1/form/human_input/${form.token}`;
  await addFaults([{ match: { method: "GET", path }, kind: "status501" }]);
  try {
    await page.goto(form.link);
    await expect(
      page.getByRole("heading", { name: "Answer this request elsewhere" }),
    ).toBeVisible();
    await expect(page.getByText("must be answered in Dify")).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  } finally {
    await removeFaults(path);
  }
});

for (const [status, code, heading] of [
  [409, "already_submitted", "Already answered"],
  [410, "expired", "This form has expired"],
  [409, "workflow_not_active", "This form is closed"],
] as const) {
  test(`a submit answered ${status} ${code} closes the form as ${heading}`, async ({ page }) => {
    const form = await createCustomForm(FORM);
    const path = `/v1/form/human_input/${form.token}`;
    await page.goto(form.link);
    await page.getByLabel("Note").fill("looks fine");
    await addFaults([
      {
        match: { method: "POST", path },
        kind: "json",
        status,
        body: { status, code, message: "closed" },
      },
    ]);
    try {
      await page.getByRole("button", { name: "OK" }).click();
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
      await expect(page.getByText("Your answer was not sent")).toHaveCount(0);
    } finally {
      await removeFaults(path);
    }
  });
}

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
  // The upload path is shared with the stories beside this one: only this form's user's fail.
  const upload = { method: "POST", path: "/v1/files/upload", user: form.user };
  await addFaults([{ match: upload, kind: "status501" }]);
  try {
    await page.goto(form.link);
    await attachFiles(page, "Doc", [
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
    ]);
    await expect(
      page.getByRole("heading", { name: "Answer this request elsewhere" }),
    ).toBeVisible();
  } finally {
    await removeFaults(upload.path, form.user);
  }
});
