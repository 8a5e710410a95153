import { expect, test } from "@/e2e/fixtures";
import {
  createCustomForm,
  signLink,
  submitUpstream,
  type CustomFormInput,
} from "@/e2e/helpers/forms";
import { getRunRecord, startRunAsPortal } from "@/e2e/helpers/runs";

// What the page says about a run once its answer is sent, as servers of every generation go on
// (issue 25, item 7) or loop back to the same node (item 4).

const FORM: Pick<CustomFormInput, "form_content" | "inputs" | "user_actions"> = {
  form_content: "Check the item.\n\n{{#$output.note#}}",
  inputs: [{ type: "paragraph", output_variable_name: "note", default: null }],
  user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
};

async function openToken(runId: string, previous: string[]): Promise<string> {
  let token = "";
  await expect
    .poll(async () => {
      const open = (await getRunRecord(runId)).open_form_tokens;
      token = open.find((candidate) => !previous.includes(candidate)) ?? "";
      return token;
    })
    .not.toBe("");
  return token;
}

test("a loop at one node: each filled event closes the form before it, never the new one", async ({
  page,
}) => {
  const user = `loop-${Date.now()}@example.com`;
  // The newest servers' filled events carry only the node id.
  const form = await createCustomForm({
    ...FORM,
    user,
    with_run: true,
    loop_times: 4,
    filled_form_id: false,
  });
  await page.goto(form.link);
  await page.getByLabel("Note").fill("first");
  await page.getByRole("button", { name: "OK" }).click();
  const waiting = page.getByRole("list", { name: "Waiting for an answer" });
  await expect(waiting.getByRole("listitem")).toHaveCount(1);
  const sent = [form.token];
  for (const round of [2, 3]) {
    const token = await openToken(form.runId, sent);
    sent.push(token);
    expect(
      await submitUpstream(token, { inputs: { note: `round ${round}` }, action: "ok", user }),
    ).toBe(200);
    await expect(page.getByText("answered with “OK”")).toHaveCount(round);
  }
  // The fourth pause is the only form open: the second and third were closed by their events.
  await openToken(form.runId, sent);
  await expect(waiting.getByRole("listitem")).toHaveCount(1);
});

test("a run left paused after every form was sent says the answer was recorded", async ({
  page,
}) => {
  const form = await createCustomForm({
    ...FORM,
    user: `stall-${Date.now()}@example.com`,
    with_run: true,
    after_answer: "stall",
  });
  await page.goto(form.link);
  await page.getByRole("button", { name: "OK" }).click();
  await expect(
    page.getByText("Your answer was recorded, but the run has not moved on"),
  ).toBeVisible();
});

test("a run stopped right after the approval says so", async ({ page }) => {
  const form = await createCustomForm({
    ...FORM,
    user: `stop-${Date.now()}@example.com`,
    with_run: true,
    after_answer: "stop",
  });
  await page.goto(form.link);
  await page.getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("heading", { name: "Run stopped" })).toBeVisible();
  await expect(
    page.getByText("The run was stopped right after the answer was recorded"),
  ).toBeVisible();
});

test("a next step only an email recipient can answer shows as waiting for an approval by email", async ({
  page,
}) => {
  const form = await createCustomForm({
    ...FORM,
    user: `email-${Date.now()}@example.com`,
    with_run: true,
    after_answer: "email_approval",
  });
  await page.goto(form.link);
  await page.getByRole("button", { name: "OK" }).click();
  await expect(
    page.getByText("Manager approval, is waiting for an approval by email"),
  ).toBeVisible();
  await expect(page.locator(".notice-error")).toHaveCount(0);
});

test("a run paused at two forms at once says another step is waiting, by its title", async ({
  page,
}) => {
  const user = `parallel-${Date.now()}@example.com`;
  const { runId, formTokens } = await startRunAsPortal(user, {}, { demo: "parallel" });
  const [legal] = formTokens as [string, string];
  await page.goto(signLink({ token: legal, run: runId, user }));
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Another step is waiting: Brand review" }),
  ).toBeVisible();
});
