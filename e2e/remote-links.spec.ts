import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "@/e2e/fixtures";
import { createCustomForm, demoAnswer, getFormRecord } from "@/e2e/helpers/forms";
import { fileFieldReady } from "@/e2e/helpers/uploads";
import { E2E_APP_PORT } from "@/e2e/ports";

// Links whose path does not say what they hold (`/download?id=9`): the app asks the link's server
// as the newest Dify server will, shows the type it will send, and refuses beside the field a link
// the server refuses, answers too slowly, redirects inside, or holds a file the field does not
// take (docs/decisions/049-the-app-fetches-links.md). The file server is the story's own, on
// 127.0.0.1, reached as `localhost`, which the suite's REMOTE_FILE_HOSTS names: an inside server,
// so the page learns the type it holds but shows the link's own name, never the server's.

const ACTIONS = [{ id: "send", title: "Send", button_style: "primary" as const }];
const UNREACHABLE = "The server of this link did not hand over a file";
const INSIDE = "local, private or internal address";

let files: Server;
let origin = "";
test.beforeAll(async () => {
  files = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/slow") return void setTimeout(() => res.writeHead(200).end(), 15_000);
    if (url.pathname === "/gone") return void res.writeHead(404).end();
    if (url.pathname === "/to-metadata")
      return void res.writeHead(302, { Location: "http://169.254.169.254/latest/x" }).end();
    const headers: Record<string, string> = {
      "Content-Type": url.searchParams.get("type") ?? "application/octet-stream",
    };
    const name = url.searchParams.get("name");
    if (name) headers["Content-Disposition"] = `attachment; filename="${name}"`;
    res.writeHead(200, headers).end();
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  origin = `http://localhost:${(files.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => files.close(() => resolve())));

async function linkForm(page: Page, types: string[], extensions: string[] = []) {
  const form = await createCustomForm({
    form_content: "Link the export.\n\n{{#$output.export#}}",
    inputs: [
      {
        type: "file-list",
        output_variable_name: "export",
        allowed_file_types: types,
        allowed_file_extensions: extensions,
        allowed_file_upload_methods: ["remote_url"],
        number_limits: 3,
      },
    ],
    user_actions: ACTIONS,
  });
  await page.goto(form.link);
  const field = page.getByRole("group", { name: "Export" });
  await fileFieldReady(field);
  return { form, field };
}

async function addLink(field: Locator, url: string) {
  await field.getByLabel("Or link to a file").fill(url);
  await field.getByRole("button", { name: "Add link" }).click();
}

test("an export link is typed by what its server answers, shown, and sent as such", async ({
  page,
}) => {
  // A custom file: a CSV would be detected as a document, and no server takes it as custom.
  const { form, field } = await linkForm(page, ["custom"], [".zip"]);
  await addLink(field, `${origin}/download?id=9&type=application/zip`);
  await expect(field.getByRole("listitem")).toContainText("download · sent as .zip");
  await addLink(field, `${origin}/export?id=3&name=Totals.zip`);
  await expect(field.getByRole("listitem").nth(1)).toContainText("export · sent as .zip");
  await expect(field.getByText("Totals.zip")).toHaveCount(0);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();
  expect((await getFormRecord(form.token)).submission?.inputs.export).toEqual([
    expect.objectContaining({ type: "custom", extension: ".zip" }),
    expect.objectContaining({ type: "custom", extension: ".zip" }),
  ]);
});

test("a link whose server holds a file the field does not take is refused beside the field", async ({
  page,
}) => {
  const { field } = await linkForm(page, ["document"]);
  await addLink(field, `${origin}/photo?id=1&type=image/png`);
  await expect(
    field.getByText("This link does not point to an accepted type of file"),
  ).toBeVisible();
  await expect(field.getByRole("listitem")).toHaveCount(0);
  await addLink(field, `${origin}/report?id=2&name=Q3.PDF`);
  await expect(field.getByRole("listitem")).toContainText("report · sent as documents");
});

test("a link its server refuses, answers too slowly or redirects inside is refused beside the field", async ({
  page,
}) => {
  const { field } = await linkForm(page, ["document"]);
  const link = field.getByLabel("Or link to a file");
  for (const [path, words] of [
    // A refused HEAD fails nothing, as on Dify: the path decides, and says nothing of a document.
    ["/gone", "This link does not point to an accepted type of file"],
    ["/to-metadata", INSIDE],
    ["/slow", UNREACHABLE],
  ] as const) {
    const started = Date.now();
    await addLink(field, `${origin}${path}`);
    await expect(field.getByText(words), path).toBeVisible();
    await expect(link, path).toHaveAttribute("aria-invalid", "true");
    // The app gives a link's server a few seconds, not the page's whole patience.
    expect(Date.now() - started, path).toBeLessThan(10_000);
  }
  await expect(field.getByRole("listitem")).toHaveCount(0);
});

test("the launcher's file field checks and types links the same way", async ({ page }) => {
  await page.goto("/");
  const image = page.getByRole("group", { name: "Reference image" });
  await fileFieldReady(image);
  await addLink(image, `${origin}/export?id=1&type=text/csv`);
  await expect(
    image.getByText("This link does not point to an accepted type of file"),
  ).toBeVisible();
  await addLink(image, `${origin}/export?id=2&type=image/png`);
  await expect(image.getByRole("listitem")).toContainText("export · sent as images");
});

// The link rule judges one reading of a link and the upstream (Python) fetches another when
// parsers disagree: such links are refused, and what passes goes upstream as it was checked.
test("a link parsers read differently is refused, and a checked link goes upstream as checked", async ({
  page,
  request,
  demoRun,
}) => {
  const headers = {
    Origin: `http://127.0.0.1:${E2E_APP_PORT}`,
    "x-form-link": new URL(demoRun.link, "http://x").search.slice(1),
  };
  const submit = (url: string) =>
    request.post(`/api/forms/${demoRun.formToken}`, {
      headers,
      data: {
        inputs: { ...demoAnswer(), cover: { ...demoAnswer().cover, url } },
        action: "approve",
      },
    });
  for (const [url, words] of [
    ["http://example.com\\@169.254.169.254/latest/meta-data/x.png", "is not a valid link"],
    ["http://[::127.0.0.1]/x.png", "must not point at a local, private or link-local address"],
  ] as const) {
    const refused = await submit(url);
    expect(refused.status(), url).toBe(400);
    const body = (await refused.json()) as { code: string; issues: unknown[] };
    expect(body.code, url).toBe("invalid_request");
    expect(body.issues, url).toEqual([
      { path: "inputs.cover.url", message: `The link in input 'cover' ${words}.` },
    ]);
  }
  expect((await getFormRecord(demoRun.formToken)).status).toBe("open");

  await page.goto(demoRun.link);
  const cover = page.getByRole("group", { name: "Cover" });
  await fileFieldReady(cover);
  await addLink(cover, "http://example.com\\@169.254.169.254/latest/meta-data/x.png");
  await expect(
    cover.getByText("Enter a full link starting with http:// or https://."),
  ).toBeVisible();
  await expect(cover.getByRole("listitem")).toHaveCount(0);

  const sent = await submit("HTTPS://Files.Example.COM:443/a/../Cover%2epng");
  expect(sent.status()).toBe(200);
  expect((await getFormRecord(demoRun.formToken)).submission?.inputs.cover).toMatchObject({
    url: "https://files.example.com/Cover%2epng",
  });
});
