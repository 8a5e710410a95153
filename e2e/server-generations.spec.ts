import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test } from "@/e2e/fixtures";
import { createCustomForm, getFormRecord, type CustomFormInput } from "@/e2e/helpers/forms";
import { attachFiles, fileFieldReady } from "@/e2e/helpers/uploads";

// What each Dify server generation the app meets does with a form's files and fields (issue 25,
// docs/decisions/030-file-types-across-server-generations.md). File stories that reach the server
// run against both generations: before graphon 0.7.0 and since.

const ACTIONS: CustomFormInput["user_actions"] = [
  { id: "send", title: "Send", button_style: "primary" },
];
const GENERATIONS = ["since-0.7", "before-0.7"] as const;
// The upstream's refusal, said beside the field in the app's words.
const MISMATCH = "The workflow service reads this file as another type than the field takes.";

function fileField(
  name: string,
  types: string[],
  extensions: string[] = [],
  methods: string[] = ["local_file"],
) {
  return {
    type: "file",
    output_variable_name: name,
    allowed_file_types: types,
    allowed_file_extensions: extensions,
    allowed_file_upload_methods: methods,
  };
}

/** The field around a file group: where the server's reason for refusing its file shows. */
const besideField = (page: Page, label: string) =>
  page.locator(".field").filter({ has: page.getByRole("group", { name: label }) });

// A small file server the embedded service asks about remote links: it answers with the file
// name and type a test chooses.
let files: Server;
let filesOrigin = "";
test.beforeAll(async () => {
  files = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const headers: Record<string, string> = {
      "Content-Type": url.searchParams.get("type") ?? "application/octet-stream",
    };
    const name = url.searchParams.get("name");
    if (name) headers["Content-Disposition"] = `attachment; filename="${name}"`;
    // A presigned S3 or GCS GET link: signed for GET only, so HEAD is refused.
    if (url.pathname.startsWith("/presigned/") && req.method === "HEAD")
      return void res.writeHead(403).end();
    res.writeHead(200, headers).end("file");
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  // Reached as localhost, the inside host the suite's REMOTE_FILE_HOSTS names.
  filesOrigin = `http://localhost:${(files.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => files.close(() => resolve())));

for (const generation of GENERATIONS) {
  test(`a .dotx for a document field is sent; a ${generation} server decides`, async ({ page }) => {
    const form = await createCustomForm({
      form_content: "Attach the letter template.\n\n{{#$output.template#}}\n\n{{#$output.note#}}",
      inputs: [
        fileField("template", ["document"]),
        { type: "paragraph", output_variable_name: "note", default: null },
      ],
      user_actions: ACTIONS,
      server_generation: generation,
    });
    await page.goto(form.link);
    await page.getByLabel("Note").fill("Kept as typed");
    await attachFiles(page, "Template", [
      {
        name: "letter.dotx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
        buffer: Buffer.from("PK template"),
      },
    ]);
    await expect(page.getByRole("list", { name: "Files for Template" })).toContainText(
      "(attached)",
    );
    await page.getByRole("button", { name: "Send" }).click();
    if (generation === "since-0.7") {
      await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
      const sent = (await getFormRecord(form.token)).submission?.inputs.template;
      expect(sent).toMatchObject({ type: "document", extension: ".dotx" });
    } else {
      // An older server files a .dotx as custom: its reason shows at the field, the rest is kept.
      await expect(besideField(page, "Template").getByText(MISMATCH)).toBeVisible();
      await expect(page.getByLabel("Note")).toHaveValue("Kept as typed");
      expect((await getFormRecord(form.token)).status).toBe("open");
    }
  });

  test(`a link the remote server names is typed by its answer, not its path (${generation})`, async ({
    page,
  }) => {
    const form = await createCustomForm({
      form_content: "Link the report.\n\n{{#$output.report#}}",
      inputs: [fileField("report", ["document"], [], ["remote_url"])],
      user_actions: ACTIONS,
      server_generation: generation,
    });
    await page.goto(form.link);
    const report = page.getByRole("group", { name: "Report" });
    await fileFieldReady(report);
    // No extension in the path: the app asks the link's server, as the server will.
    await report
      .getByLabel("Or link to a file")
      .fill(`${filesOrigin}/download/7?name=Quarterly.PDF`);
    await report.getByRole("button", { name: "Add link" }).click();
    // An inside server (the suite's own): typed by its answer, named by the link.
    await expect(report.getByRole("listitem")).toContainText("7 · sent as documents");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  });
}

// The app refuses these before anything reaches the server, by what every generation would do
// (lib/files/detect-file-type.ts weighs both at once): one server generation shows it.

// Dify matches a field's extension list exactly and refuses `custom` for a file it detects as
// another type, in every generation: both are said before anything is uploaded.
test("a custom extension list is matched exactly, and a .log read as text is refused before upload", async ({
  page,
}) => {
  const form = await createCustomForm({
    form_content: "Attach the logs.\n\n{{#$output.trace#}}\n\n{{#$output.raw#}}",
    inputs: [
      fileField("trace", ["custom"], [".LOG", "txt"]),
      fileField("raw", ["custom"], [".log"]),
    ],
    user_actions: ACTIONS,
    server_generation: "before-0.7",
  });
  await page.goto(form.link);
  const trace = besideField(page, "Trace");
  await expect(
    trace.getByText("This form lists extensions no file can match (.LOG, txt)"),
  ).toBeVisible();
  await attachFiles(page, "Trace", [
    { name: "run.log", mimeType: "application/octet-stream", buffer: Buffer.from("line 1\n") },
  ]);
  await expect(trace.getByText("run.log: this type of file is not accepted here")).toBeVisible();
  await expect(page.getByRole("list", { name: "Files for Trace" })).toHaveCount(0);

  const raw = besideField(page, "Raw");
  await expect(raw.getByText("no file can match")).toHaveCount(0);
  await attachFiles(page, "Raw", [
    { name: "run.log", mimeType: "text/plain", buffer: Buffer.from("line 1\n") },
  ]);
  await expect(
    raw.getByText(
      "run.log counts as documents to the server, and this field does not take documents",
    ),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "Files for Raw" })).toHaveCount(0);
  expect((await getFormRecord(form.token)).status).toBe("open");
});

test("a link whose remote answer is another type is refused beside the field before it is sent", async ({
  page,
}) => {
  const form = await createCustomForm({
    form_content: "Link a photo.\n\n{{#$output.photo#}}",
    inputs: [fileField("photo", ["image"], [], ["remote_url"])],
    user_actions: ACTIONS,
    server_generation: "before-0.7",
  });
  await page.goto(form.link);
  const photo = page.getByRole("group", { name: "Photo" });
  await fileFieldReady(photo);
  await photo.getByLabel("Or link to a file").fill(`${filesOrigin}/get?type=text/csv`);
  await photo.getByRole("button", { name: "Add link" }).click();
  await expect(
    photo.getByText("This link does not point to an accepted type of file"),
  ).toBeVisible();
  await expect(photo.getByRole("listitem")).toHaveCount(0);
  expect((await getFormRecord(form.token)).status).toBe("open");
});

// Links typed as Dify types them: the name from Content-Disposition, else the path; the type
// from the name first; a refused HEAD fails nothing.
test.describe("links typed as Dify types them (since-0.7)", () => {
  const linkForm = () =>
    createCustomForm({
      form_content: "Link the document.\n\n{{#$output.doc#}}",
      inputs: [fileField("doc", ["document"], [], ["remote_url"])],
      user_actions: ACTIONS,
      server_generation: "since-0.7",
    });
  const sendLink = async (page: Page, link: string, shown: string) => {
    const doc = page.getByRole("group", { name: "Doc" });
    await fileFieldReady(doc);
    await doc.getByLabel("Or link to a file").fill(link);
    await doc.getByRole("button", { name: "Add link" }).click();
    await expect(doc.getByRole("listitem")).toContainText(shown);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  };

  test("a presigned-style link that answers 403 to HEAD and 200 to GET is sent", async ({
    page,
  }) => {
    const form = await linkForm();
    await page.goto(form.link);
    const link = `${filesOrigin}/presigned/handbook.epub?X-Amz-Expires=900&X-Amz-Signature=ab12`;
    await sendLink(page, link, "handbook.epub · sent as documents");
    expect((await getFormRecord(form.token)).submission?.inputs.doc).toMatchObject({
      type: "document",
      url: link,
      extension: ".epub",
    });
  });

  test("a .dotx served as application/octet-stream goes as a document", async ({ page }) => {
    const form = await linkForm();
    await page.goto(form.link);
    await sendLink(
      page,
      `${filesOrigin}/templates/letter.dotx?type=application/octet-stream`,
      "letter.dotx · sent as documents",
    );
    expect((await getFormRecord(form.token)).submission?.inputs.doc).toMatchObject({
      type: "document",
      extension: ".dotx",
    });
  });

  test('scan.png served as attachment; filename="scan.pdf" goes as a document', async ({
    page,
  }) => {
    const form = await linkForm();
    await page.goto(form.link);
    await sendLink(
      page,
      `${filesOrigin}/scan.png?type=image/png&name=scan.pdf`,
      "scan.png · sent as documents",
    );
    expect((await getFormRecord(form.token)).submission?.inputs.doc).toMatchObject({
      type: "document",
      extension: ".pdf",
    });
  });
});

test("a link with a mixed-case extension is typed as the server types it", async ({ page }) => {
  const form = await createCustomForm({
    form_content: "Link the scan.\n\n{{#$output.scan#}}",
    inputs: [fileField("scan", ["document"], [], ["remote_url"])],
    user_actions: ACTIONS,
  });
  await page.goto(form.link);
  const scan = page.getByRole("group", { name: "Scan" });
  await fileFieldReady(scan);
  await scan.getByLabel("Or link to a file").fill("https://files.example.com/Scan.Pdf");
  await scan.getByRole("button", { name: "Add link" }).click();
  await expect(scan.getByRole("listitem")).toContainText("Scan.Pdf · sent as documents");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
});

test("a file field with no upload methods listed takes every method", async ({ page }) => {
  const form = await createCustomForm({
    form_content: "Attach the receipt.\n\n{{#$output.receipt#}}",
    inputs: [fileField("receipt", ["document"], [], [])],
    user_actions: ACTIONS,
  });
  await page.goto(form.link);
  const receipt = page.getByRole("group", { name: "Receipt" });
  await expect(receipt.getByRole("button", { name: /Choose/ })).toBeVisible();
  await fileFieldReady(receipt);
  await receipt.getByLabel("Or link to a file").fill("https://files.example.com/receipt.pdf");
  await receipt.getByRole("button", { name: "Add link" }).click();
  await expect(receipt.getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
});

test("a select whose options resolved to nothing says so and lets the form go", async ({
  page,
}) => {
  const form = await createCustomForm({
    form_content: "Pick an owner.\n\n{{#$output.owner#}}",
    inputs: [
      {
        type: "select",
        output_variable_name: "owner",
        option_source: { type: "variable", selector: ["team", "members"], value: [] },
      },
    ],
    user_actions: ACTIONS,
  });
  await page.goto(form.link);
  await expect(page.getByText("The list of choices is empty")).toBeVisible();
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  expect((await getFormRecord(form.token)).submission?.inputs).toEqual({ owner: "" });
});

test("a heading right above a field that says its label is shown once", async ({ page }) => {
  const form = await createCustomForm({
    form_content: "Please check the text.\n\n## Draft\n\n{{#$output.draft#}}",
    inputs: [{ type: "paragraph", output_variable_name: "draft", default: null }],
    user_actions: ACTIONS,
  });
  await page.goto(form.link);
  await expect(page.getByRole("heading", { name: "Draft" })).toBeVisible();
  // The label is drawn as a 1px box for screen readers only: the heading is what a person sees.
  const label = page.locator("label", { hasText: "Draft" });
  await expect.poll(async () => (await label.boundingBox())?.width).toBeLessThanOrEqual(1);
  // The label stays for screen readers: the field is still found by its name.
  await page.getByLabel("Draft").fill("Fine as it is");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
});
