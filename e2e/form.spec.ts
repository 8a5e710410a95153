import { expect, test } from "@/e2e/fixtures";
import { getFormRecord, signLink } from "@/e2e/helpers/forms";
import { attachFiles } from "@/e2e/helpers/uploads";

test("a person opens a signed link, answers and the service records exactly that answer", async ({
  page,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  await expect(page.getByRole("heading", { name: "Editorial review" })).toBeVisible();

  const draft = page.getByLabel("Draft");
  await expect(draft).not.toHaveValue("");
  await draft.fill("Final text of the announcement.");
  await page.getByLabel("Tone").selectOption("Friendly");
  await attachFiles(page, "Cover", [
    { name: "cover.png", mimeType: "image/png", buffer: Buffer.from("png-bytes") },
  ]);
  await expect(page.getByRole("list", { name: "Files for Cover" })).toContainText(
    /cover\.png.*\(attached\)/,
  );

  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  await expect(page.getByText("You chose Approve and publish")).toBeVisible();

  const record = await getFormRecord(demoRun.formToken);
  expect(record.status).toBe("submitted");
  expect(record.submission).toEqual({
    inputs: {
      draft: "Final text of the announcement.",
      tone: "Friendly",
      cover: {
        type: "image",
        transfer_method: "local_file",
        upload_file_id: expect.any(String),
        extension: expect.any(String),
      },
      attachments: [],
    },
    action: "approve",
    user: demoRun.user,
    submitted_at: expect.any(Number),
  });
});

test("a link whose user was changed opens no form", async ({ page, demoRun }) => {
  const tampered = demoRun.link.replace(encodeURIComponent(demoRun.user), "mallory%40example.com");
  expect(tampered).not.toBe(demoRun.link);
  await page.goto(tampered);
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  expect((await getFormRecord(demoRun.formToken)).status).toBe("open");
});

test("an expired link says so", async ({ page, demoRun }) => {
  await page.goto(
    signLink({ token: demoRun.formToken, run: demoRun.runId, user: demoRun.user, ttlSeconds: -60 }),
  );
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
});

test("the submit route takes the user from the link, never from the body", async ({
  request,
  demoRun,
  baseURL,
}) => {
  const query = new URL(demoRun.link, "http://x").search.slice(1);
  const response = await request.post(`/api/forms/${demoRun.formToken}`, {
    headers: { "x-form-link": query, Origin: new URL(baseURL!).origin },
    data: {
      inputs: {
        draft: "",
        tone: "Formal",
        cover: {
          type: "document",
          transfer_method: "remote_url",
          url: "https://example.com/a.pdf",
        },
        attachments: [],
      },
      action: "reject",
      user: "mallory",
    },
  });
  expect(response.status()).toBe(200);
  const record = await getFormRecord(demoRun.formToken);
  expect(record.submission?.user).toBe(demoRun.user);
});
