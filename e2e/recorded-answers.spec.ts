import { expect, test } from "@/e2e/fixtures";
import { addFaults, callsFor, removeFaults } from "@/e2e/helpers/embedded";
import { fillDemoForm, getFormRecord } from "@/e2e/helpers/forms";

// Dify marks a form submitted before it resumes the run: a failure after the write answers 5xx
// for an answer that was recorded. The page reads the form again before it says anything.

test("a 5xx after the answer was recorded says it was most likely recorded and follows the run", async ({
  page,
  demoRun,
}) => {
  const path = `/v1/form/human_input/${demoRun.formToken}`;
  await addFaults([{ match: { method: "POST", path }, kind: "status500_after_write", times: 1 }]);
  await page.goto(demoRun.link);
  await fillDemoForm(page);
  await page.getByRole("button", { name: "Approve and publish" }).click();

  await expect(page.getByRole("heading", { name: "Answer most likely recorded" })).toBeVisible();
  await expect(page.getByText("your answer was most likely recorded")).toBeVisible();
  await expect(page.getByText("Someone has already answered")).toHaveCount(0);
  await expect(page.getByText("Your answer was not sent")).toHaveCount(0);
  // The run it belongs to goes on, and the page follows it.
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible({
    timeout: 20_000,
  });
  expect((await getFormRecord(demoRun.formToken)).status).toBe("submitted");
  const posts = (await callsFor(`/form/human_input/${demoRun.formToken}`)).filter(
    (call) => call.method === "POST",
  );
  expect(posts.map((call) => call.status)).toEqual([500]);
  await removeFaults(path);
});

test("a 5xx before anything was recorded keeps the answer and a retry sends it", async ({
  page,
  demoRun,
}) => {
  const path = `/v1/form/human_input/${demoRun.formToken}`;
  await addFaults([{ match: { method: "POST", path }, kind: "status500", times: 1 }]);
  await page.goto(demoRun.link);
  await fillDemoForm(page, "Playful");
  await page.getByRole("button", { name: "Approve and publish" }).click();

  await expect(page.getByText("Your answer was not sent")).toBeVisible();
  await expect(page.getByLabel("Tone")).toHaveValue("Playful");
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  expect((await getFormRecord(demoRun.formToken)).submission?.inputs).toMatchObject({
    tone: "Playful",
  });
  await removeFaults(path);
});
