import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "@/e2e/fixtures";
import { callsFor } from "@/e2e/helpers/embedded";
import {
  chooseAction,
  createCustomForm,
  demoAnswer,
  draftKeys,
  fillDemoForm,
  getFormRecord,
  signLink,
  submitUpstream,
} from "@/e2e/helpers/forms";
import { startRunAsPortal } from "@/e2e/helpers/runs";
import { attachFiles, fileFieldReady } from "@/e2e/helpers/uploads";
import { labelFromName } from "@/lib/form/form-content";
import formMessages from "@/lib/i18n/messages/en/form.json";

const png = (name: string, bytes = 64) => ({
  name,
  mimeType: "image/png",
  buffer: Buffer.alloc(bytes, 1),
});
const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4 test"),
});

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test("every input kind is answered, including a real upload and a remote link, and sent exactly", async ({
  page,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  await expect(page.getByText("Pre-filled with a suggested draft")).toBeVisible();
  await expectNoAxeViolations(page);

  const draft = page.getByLabel("Draft");
  const suggestion = await draft.inputValue();
  await draft.fill("Edited text");
  await page.getByRole("button", { name: "Reset to suggestion" }).click();
  await expect(draft).toHaveValue(suggestion);
  await draft.fill("Edited text");

  await page.getByLabel("Tone").selectOption("Playful");
  await attachFiles(page, "Cover", [png("cover.png")]);
  await expect(page.getByRole("img", { name: "Preview of cover.png" })).toBeVisible();
  await attachFiles(page, "Attachments", [pdf("brief.pdf")]);
  const attachments = page.getByRole("group", { name: "Attachments" });
  await attachments.getByLabel("Or link to a file").fill("https://files.example.com/spec.pdf");
  await attachments.getByRole("button", { name: "Add link" }).click();
  await expect(
    page.getByRole("list", { name: "Files for Attachments" }).getByRole("listitem"),
  ).toHaveCount(2);
  await expect(page.getByRole("list", { name: "Files for Cover" })).toContainText("(attached)");
  await expect(page.getByRole("list", { name: "Files for Attachments" })).toContainText(
    /brief\.pdf.*\(attached\)/,
  );

  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  await expect(page.getByText("You chose Reject")).toBeVisible();
  await expect(
    page.getByRole("definition").filter({ hasText: "brief.pdf, spec.pdf" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const record = await getFormRecord(demoRun.formToken);
  expect(record.submission).toMatchObject({
    action: "reject",
    user: demoRun.user,
    inputs: {
      draft: "Edited text",
      tone: "Playful",
      cover: { type: "image", transfer_method: "local_file", upload_file_id: expect.any(String) },
      attachments: [
        { type: "document", transfer_method: "local_file", upload_file_id: expect.any(String) },
        {
          type: "document",
          transfer_method: "remote_url",
          url: "https://files.example.com/spec.pdf",
        },
      ],
    },
  });
});

test("missing required answers are caught before anything is sent", async ({ page, demoRun }) => {
  await page.goto(demoRun.link);
  await expect(page.getByLabel("Draft")).not.toHaveValue("");
  await page.getByRole("button", { name: "Approve and publish" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "Please check your answers" });
  await expect(summary).toContainText("Tone: Choose one of the options.");
  await expect(summary).toContainText("Cover: Attach a file.");
  await expect(page.getByLabel("Tone")).toBeFocused();
  await expect(page.getByLabel("Tone")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Tone")).toHaveAccessibleDescription(/Choose one of the options/);
  await expectNoAxeViolations(page);
  expect(await callsFor(`/form/human_input/${demoRun.formToken}`)).toEqual([
    expect.objectContaining({ method: "GET" }),
  ]);
});

test("too-large and wrong-type files are refused before any upload", async ({ page, demoRun }) => {
  await page.goto(demoRun.link);
  await expect(page.getByText(/images up to 10 MB/).first()).toBeVisible();
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/files"))
      uploads.push(request.url());
  });

  await attachFiles(page, "Cover", [png("huge.png", 10 * 1024 * 1024 + 1)]);
  await expect(page.getByRole("alert").filter({ hasText: "huge.png is 10 MB" })).toContainText(
    "the limit for this kind of file is 10 MB",
  );
  await attachFiles(page, "Cover", [
    { name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") },
  ]);
  await expect(page.getByRole("alert").filter({ hasText: "tool.exe" })).toContainText(
    "not accepted here (images, documents)",
  );
  await attachFiles(page, "Attachments", [pdf("1.pdf"), pdf("2.pdf"), pdf("3.pdf"), pdf("4.pdf")]);
  await expect(page.getByRole("alert").filter({ hasText: "4.pdf" })).toContainText(
    "no more than 3 files",
  );

  await expect(
    page.getByRole("list", { name: "Files for Attachments" }).getByRole("listitem"),
  ).toHaveCount(3);
  await expect(page.getByRole("list", { name: "Files for Cover" })).toHaveCount(0);
  await expect(
    page.getByRole("list", { name: "Files for Attachments" }).getByText("(attached)"),
  ).toHaveCount(3);
  expect(uploads).toHaveLength(3); // 1.pdf to 3.pdf; nothing refused was sent
});

test("a form answered in another tab says so when this tab submits", async ({ page, demoRun }) => {
  await page.goto(demoRun.link);
  await fillDemoForm(page);

  const status = await submitUpstream(demoRun.formToken, {
    inputs: demoAnswer(),
    action: "reject",
    user: demoRun.user,
  });
  expect(status).toBe(200);

  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByRole("heading", { name: "Already answered" })).toBeVisible();
  expect((await getFormRecord(demoRun.formToken)).submission?.action).toBe("reject");
});

test("a reload restores the unsent answer, and sending clears it", async ({ page, demoRun }) => {
  await page.goto(demoRun.link);
  // This story is about drafts; typing before hydration has stories of its own.
  await expect(page.locator("[data-awaiting-hydration]")).toHaveCount(0);
  await page.getByLabel("Draft").fill("Typed before the reload");
  await page.getByLabel("Tone").selectOption("Friendly");
  await attachFiles(page, "Cover", [png("kept.png")]);
  await expect(page.getByRole("list", { name: "Files for Cover" })).toContainText("(attached)");

  await page.reload();
  await expect(page.getByText(/Restored what you entered/)).toBeVisible();
  await expect(page.getByLabel("Draft")).toHaveValue("Typed before the reload");
  await expect(page.getByLabel("Tone")).toHaveValue("Friendly");
  await expect(page.getByRole("list", { name: "Files for Cover" })).toContainText("kept.png");

  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  const record = await getFormRecord(demoRun.formToken);
  expect(record.submission?.inputs).toMatchObject({
    draft: "Typed before the reload",
    tone: "Friendly",
  });
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith("human-input-draft:")),
    ),
  ).toEqual([]);
});

test("on a 360-px phone nothing scrolls sideways and the actions stay reachable", async ({
  page,
  demoRun,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(demoRun.link);
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  // Polled: the page settles (Markdown renderer, fonts) before its width is judged.
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
  const approve = page.getByRole("button", { name: "Approve and publish" });
  await expect(approve).toBeInViewport();
  const box = await approve.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
});

test("an unknown input type shows a notice and the form can still be sent", async ({ page }) => {
  const form = await createCustomForm({
    form_content: "Please sign below.\n\n{{#$output.signature#}}\n\n{{#$output.comment#}}",
    inputs: [
      { type: "signature", output_variable_name: "signature" },
      { type: "paragraph", output_variable_name: "comment", default: null },
    ],
    user_actions: [{ id: "done", title: "Done", button_style: "primary" }],
  });
  await page.goto(form.link);
  await expect(page.getByRole("note")).toContainText("Signature");
  await expect(page.getByRole("note")).toContainText("The form is sent without it");
  await page.getByLabel("Comment").fill("Looks fine");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  // Every declared key is sent, as a server requires: the unknown one as "".
  expect((await getFormRecord(form.token)).submission?.inputs).toEqual({
    signature: "",
    comment: "Looks fine",
  });
});

test("raw HTML and script links in the form's Markdown stay inert", async ({ page }) => {
  const form = await createCustomForm({
    form_content: [
      "# Check",
      '<img src="x" onerror="window.__pwned = 1"> <script>window.__pwned = 2</script>',
      "[Click me](javascript:window.__pwned=3) and [data](data:text/html,hi) and [docs](https://docs.example.com/)",
      "{{#$output.note#}}",
    ].join("\n\n"),
    inputs: [{ type: "paragraph", output_variable_name: "note", default: null }],
    user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
  });
  await page.goto(form.link);
  await expect(page.getByRole("heading", { name: "Check" })).toBeVisible();
  await expect(page.getByText('<img src="x" onerror="window.__pwned = 1">')).toBeVisible();
  await expect(page.locator("script", { hasText: "__pwned" })).toHaveCount(0);
  const click = page.getByText("Click me");
  await expect(click).not.toHaveAttribute("href", /javascript/);
  await click.click();
  await expect(page.getByText("data", { exact: true })).not.toHaveAttribute("href", /data:/);
  const docs = page.getByRole("link", { name: "docs" });
  await expect(docs).toHaveAttribute("target", "_blank");
  await expect(docs).toHaveAttribute("rel", "noopener noreferrer");
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
});

test("a form that expires while open switches to expired without a reload, forgets its draft, and its run takes the timeout path", async ({
  page,
}) => {
  const user = `expiring-${Date.now()}@example.com`;
  // Long enough for a cold page on a busy machine to hydrate (the warning is drawn only then),
  // short enough to watch it run out.
  const { runId, formToken } = await startRunAsPortal(user, {}, { formTtlSeconds: 10 });
  await page.goto(signLink({ token: formToken, run: runId, user }));
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  await expect(page.getByTestId("expiry")).toContainText("Time is almost up");
  await page.getByLabel("Draft").fill("too late");
  await expect.poll(() => draftKeys(page)).toHaveLength(1);
  await expect(page.getByRole("heading", { name: "This form has expired" })).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => draftKeys(page)).toEqual([]);
  const run = page.getByRole("region", { name: "What happens next" });
  await expect(run.getByText("expired before anyone answered")).toBeVisible();
  await expect(run.getByRole("heading", { name: "Run finished" })).toBeVisible();
  await expect(run).toContainText("Timed out");
});

test("a rejected answer keeps everything entered and can be sent again", async ({
  page,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  // This story is about a refused answer; typing before hydration has stories of its own.
  await expect(page.locator("[data-awaiting-hydration]")).toHaveCount(0);
  await page.getByLabel("Draft").fill("Keep this text");
  await page.getByLabel("Tone").selectOption("Formal");
  const cover = page.getByRole("group", { name: "Cover" });
  await cover.getByLabel("Or link to a file").fill("https://unreachable.invalid/cover.png");
  await cover.getByRole("button", { name: "Add link" }).click();
  await expect(cover.getByText("cover.png", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Approve and publish" }).click();

  await expect(page.getByRole("alert").first()).toContainText(
    "The workflow did not accept this answer",
  );
  // In the app's words: the upstream's own text (which may name inside addresses) stays in the log.
  await expect(page.locator("#field-cover-error")).toContainText(
    "The workflow service could not fetch the file of this link.",
  );
  await expect(page.getByLabel("Draft")).toHaveValue("Keep this text");
  await expect(page.getByLabel("Tone")).toHaveValue("Formal");
  await expectNoAxeViolations(page);
  expect((await getFormRecord(demoRun.formToken)).status).toBe("open");

  await cover.getByRole("button", { name: /Remove cover\.png/ }).click();
  await attachFiles(page, "Cover", [png("fixed.png")]);
  await expect(page.getByRole("list", { name: "Files for Cover" })).toContainText("(attached)");
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  expect((await getFormRecord(demoRun.formToken)).submission?.inputs).toMatchObject({
    draft: "Keep this text",
  });
});

test("a link's Add is busy while its check loads, and a second click adds it once", async ({
  page,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  const attachments = page.getByRole("group", { name: "Attachments" });
  await fileFieldReady(attachments);
  // The link check is not in the page's first load: on a slow connection it takes its time.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await held;
    await route.continue();
  });
  await attachments.getByLabel("Or link to a file").fill("https://files.example.com/spec.pdf");
  const add = attachments.getByRole("button", { name: "Add link" });
  await add.click();
  await expect(add).toHaveAttribute("aria-busy", "true");
  await add.click();
  release();
  const files = page.getByRole("list", { name: "Files for Attachments" });
  await expect(files.getByRole("listitem")).toHaveCount(1);
  await expect(add).not.toHaveAttribute("aria-busy");
  await expect(files).toContainText("spec.pdf");
});

test("a double click sends one answer, and a lost response is checked before offering to resend", async ({
  page,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  await fillDemoForm(page);

  // The request reaches the server, but the browser never hears back.
  await page.route(`**/api/forms/${demoRun.formToken}`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await route.fetch();
    await route.abort("connectionreset");
  });
  await page.getByRole("button", { name: "Reject" }).dblclick();
  await expect(page.getByRole("heading", { name: "Answer most likely recorded" })).toBeVisible();
  const posts = (await callsFor(`/form/human_input/${demoRun.formToken}`)).filter(
    (call) => call.method === "POST",
  );
  expect(posts).toHaveLength(1);
});

// The page's HTML as the server sends it, before any script runs: the text of every element of
// `tag`, tags stripped (React separates adjacent text with comments).
function textsOf(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((match) =>
    match[1]!.replace(/<[^>]*>/g, "").trim(),
  );
}

test("the form page's first HTML already holds the whole form: its headings and every field's label", async ({
  request,
}) => {
  const inputs = [
    { type: "paragraph", output_variable_name: "reviewer_notes", default: null },
    {
      type: "select",
      output_variable_name: "releaseChannel",
      option_source: { type: "constant", selector: [], value: ["Beta", "Stable"] },
    },
    {
      type: "file",
      output_variable_name: "signed_contract",
      allowed_file_types: ["document"],
      allowed_file_extensions: [],
      allowed_file_upload_methods: ["local_file"],
    },
    {
      type: "file-list",
      output_variable_name: "screenshots",
      allowed_file_types: ["image"],
      allowed_file_extensions: [],
      allowed_file_upload_methods: ["local_file", "remote_url"],
      number_limits: 3,
    },
  ];
  const contentHeading = "Quarterly release review";
  const form = await createCustomForm({
    form_content: [
      `# ${contentHeading}`,
      "Read the **notes** first.",
      ...inputs.map((input) => `{{#$output.${input.output_variable_name}#}}`),
    ].join("\n\n"),
    inputs,
    user_actions: [{ id: "ok", title: "Publish", button_style: "primary" }],
  });

  const response = await request.get(form.link, { headers: { "Accept-Language": "en" } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const headings = textsOf(html, "h1");
  expect(headings).toContain(formMessages.title);
  expect(headings).toContain(contentHeading);
  expect(html).toContain("<strong>notes</strong>");
  const labels = textsOf(html, "label");
  for (const input of inputs) {
    const label = labelFromName(input.output_variable_name);
    expect(
      labels.some((text) => text.startsWith(label)),
      `label ${label}`,
    ).toBe(true);
  }
  expect(textsOf(html, "button")).toContain("Publish");
  // Until the page hydrates, the file fields and the action bar take no input (a click there
  // would be lost); the text fields take input at once (what is typed is kept on hydration), and
  // the form itself, its heading and its text stay readable.
  const formTag = /<form\b[^>]*>/.exec(html)?.[0] ?? "";
  expect(formTag).not.toMatch(/\sinert/);
  const gates = html.match(/<div\b[^>]*data-awaiting-hydration[^>]*>/g) ?? [];
  const fileFields = inputs.filter((input) => input.type.startsWith("file")).length;
  expect(gates).toHaveLength(fileFields + 1);
  for (const gate of gates) expect(gate).toMatch(/\sinert/);
  expect(html).toMatch(/<textarea\b[^>]*id="field-reviewer_notes"/);
  expect(html).toMatch(/<select\b[^>]*id="field-releaseChannel"/);
});

test("an answered form's first HTML already says so", async ({ request, demoRun }) => {
  expect(
    await submitUpstream(demoRun.formToken, {
      inputs: demoAnswer("Sent elsewhere"),
      action: "approve",
      user: demoRun.user,
    }),
  ).toBe(200);
  const response = await request.get(demoRun.link, { headers: { "Accept-Language": "en" } });
  const html = await response.text();
  expect(textsOf(html, "h1")).toContain(formMessages.answered.title);
  expect(html).toContain(formMessages.answered.body);
});

test("the server-rendered form hydrates without a mismatch; its buttons take input once it has", async ({
  page,
  demoRun,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(demoRun.link);
  // Before hydration the fields and buttons are inert; the heading and the text never are.
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  await expect(page.locator("[data-awaiting-hydration]")).toHaveCount(0);
  await expect(page.locator("main form [inert]:not([aria-hidden])")).toHaveCount(0);
  await page.getByLabel("Draft").fill("Typed at once");
  await expect(page.getByLabel("Draft")).toHaveValue("Typed at once");
  await expect(page.getByTestId("expiry")).toContainText(/\S/);
  expect(errors).toEqual([]);
});

test("what is typed before the page hydrates is kept, and sent", async ({ page, demoRun }) => {
  // The page's scripts are held back: the server's HTML is all there is, as on a slow phone.
  const release = await holdPageScripts(page);
  await page.goto(demoRun.link, { waitUntil: "commit" });
  const draft = page.getByLabel("Draft");
  await expect(draft).toBeEditable();
  await expect(page.locator("[data-awaiting-hydration]").first()).toBeAttached();
  await draft.fill("Typed before the page was ready");
  await page.getByLabel("Tone").selectOption("Playful");
  release();
  await expect(page.locator("[data-awaiting-hydration]")).toHaveCount(0);
  await expect(draft).toHaveValue("Typed before the page was ready");
  await expect(page.getByLabel("Tone")).toHaveValue("Playful");
  // The form counts it as the person's own change of the suggestion.
  await expect(page.getByRole("button", { name: "Reset to suggestion" })).toBeVisible();
  const cover = page.getByRole("group", { name: "Cover" });
  await cover.getByLabel("Or link to a file").fill("https://files.example.com/cover.png");
  await cover.getByRole("button", { name: "Add link" }).click();
  await expect(cover.getByText("cover.png", { exact: true })).toBeVisible();
  await chooseAction(page, "Approve and publish");
  await expect.poll(async () => (await getFormRecord(demoRun.formToken)).submission).toBeTruthy();
  const record = await getFormRecord(demoRun.formToken);
  expect(record.submission).toMatchObject({
    action: "approve",
    inputs: { draft: "Typed before the page was ready", tone: "Playful" },
  });
});

test("text typed before the page hydrates wins over an older saved draft", async ({
  page,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  await page.getByLabel("Draft").fill("An older draft");
  await page.getByLabel("Tone").selectOption("Friendly");
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage).some((k) => k.startsWith("human-input-draft:")),
      ),
    )
    .toBe(true);

  const release = await holdPageScripts(page);
  await page.reload({ waitUntil: "commit" });
  await expect(page.getByLabel("Draft")).toBeEditable();
  await page.getByLabel("Draft").fill("Newer, typed while the page loaded");
  release();
  await expect(page.getByText(/Restored what you entered/)).toBeVisible();
  // The draft fills in what was not typed; what was typed stays.
  await expect(page.getByLabel("Draft")).toHaveValue("Newer, typed while the page loaded");
  await expect(page.getByLabel("Tone")).toHaveValue("Friendly");
});

/** Holds back the page's scripts until the returned function is called (a slow phone's view). */
async function holdPageScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Only the scripts: the stylesheet arrives, so the page paints and can be typed into.
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
