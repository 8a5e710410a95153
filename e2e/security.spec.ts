import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { startAppServer } from "@/e2e/app-server-process";
import { expect, test } from "@/e2e/fixtures";
import { callsForRequest, EMBEDDED_ORIGIN } from "@/e2e/helpers/embedded";
import { demoAnswer, getFormRecord } from "@/e2e/helpers/forms";
import type { DemoRun } from "@/e2e/helpers/runs";
import { SECRETS } from "@/e2e/helpers/security";
import { fileFieldReady } from "@/e2e/helpers/uploads";
import { E2E_REPLICA_PORT } from "@/e2e/ports";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";

// The bad-input suite: each request is refused with our envelope, and the upstream never hears
// of it (the embedded service logs calls by the X-Request-Id we send).

function linkQuery(run: DemoRun) {
  return new URL(run.link, "http://x").search.slice(1);
}

function filesIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesIn(path) : [path];
  });
}

test("no key or secret is in any file of the client build", () => {
  const files = filesIn(join(process.cwd(), ".next", "static"));
  expect(files.length).toBeGreaterThan(10);
  const leaks = files.filter((file) => {
    const text = readFileSync(file, "latin1");
    return SECRETS.some((secret) => text.includes(secret));
  });
  expect(leaks).toEqual([]);
});

test("the image optimizer is off and its native library is not in the server", async ({
  request,
}) => {
  // Nothing uses next/image: with `images.unoptimized` Next answers its route with a 404.
  const response = await request.get("/_next/image?url=%2Ficon.svg&w=64&q=75");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"] ?? "").not.toMatch(/^image\//);
  const standalone = join(process.cwd(), ".next", "standalone", "node_modules");
  const sharp = filesIn(standalone).filter((file) => /[/\\](sharp|@img)[/\\]/.test(file));
  expect(sharp).toEqual([]);
});

test("a link to an inside address is refused next to its field, before anything is sent", async ({
  page,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  const cover = page.getByRole("group", { name: "Cover" });
  await fileFieldReady(cover);
  const link = cover.getByLabel("Or link to a file");
  for (const [url, words] of [
    ["http://169.254.169.254/latest/meta-data/", "local, private or internal address"],
    ["http://[::ffff:127.0.0.1]/a.png", "local, private or internal address"],
    ["https://user:pw@files.example.com/a.png", "Remove the user name and password"],
  ] as const) {
    await link.fill(url);
    await cover.getByRole("button", { name: "Add link" }).click();
    await expect(cover.getByText(words), url).toBeVisible();
    await expect(link, url).toHaveAttribute("aria-invalid", "true");
    await expect(link, url).toHaveAccessibleDescription(new RegExp(words));
  }
  await expect(cover.getByRole("listitem")).toHaveCount(0);
});

// Reads an event stream until `marker` appears (or ten seconds pass), then lets go.
async function readUntil(response: Response, marker: string): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 10_000;
  while (!text.includes(marker) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

test("event streams carry no key, secret or portal token", async ({ page, demoRun, baseURL }) => {
  // The form's run, as the page follows it: read until the run pauses, then let go.
  const response = await fetch(`${baseURL}/api/forms/${demoRun.formToken}/events`, {
    headers: { "x-form-link": linkQuery(demoRun) },
  });
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const text = await readUntil(response, "workflow_paused");
  expect(text).toContain("human_input_required");

  // The launcher's stream, for the request the browser sends. Chromium drops a streamed body
  // once the page navigates to the form, so the same request is replayed and read here.
  const launchRequest = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/launch");
  await page.goto("/");
  await page.getByLabel("Topic").fill("Secret scan");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  const sent = await launchRequest;
  const sentHeaders = await sent.allHeaders();
  const replay = await fetch(`${baseURL}/api/launch`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: new URL(baseURL!).origin,
      ...(sentHeaders.cookie ? { cookie: sentHeaders.cookie } : {}),
    },
    body: sent.postData() ?? "",
  });
  expect(replay.status).toBe(200);
  const launchText = await readUntil(replay, "workflow_paused");
  expect(launchText).toContain("workflow_run_id");

  for (const [name, body] of [
    ["form events", text],
    ["launch stream", launchText],
  ] as const) {
    for (const secret of SECRETS)
      expect(body.includes(secret), `${name} holds a secret`).toBe(false);
  }
});

test("every page and API answer carries the security headers", async ({ request, demoRun }) => {
  const paths = [
    "/",
    "/knowledge",
    demoRun.link,
    `/api/forms/${demoRun.formToken}`,
    "/api/forms/bad..id",
  ];
  for (const path of paths) {
    const response = await request.get(path, { headers: { "x-form-link": linkQuery(demoRun) } });
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    const directive = (name: string) => csp.split("; ").find((part) => part.startsWith(`${name} `));
    if (path.startsWith("/api/")) {
      expect(csp, path).toBe("default-src 'none'; frame-ancestors 'none'");
    } else {
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
      // Only a form page may be framed, and only by the portal (EMBED_ALLOWED_ORIGINS).
      expect(directive("frame-ancestors"), path).toBe(
        path.startsWith("/form/") ? `frame-ancestors ${EMBEDDED_ORIGIN}` : "frame-ancestors 'none'",
      );
      // Images from the app, previews, and the Markdown image source (a path prefix here).
      expect(directive("img-src"), path).toBe(
        `img-src 'self' blob: data: ${EMBEDDED_ORIGIN}/_embedded/`,
      );
    }
    expect(csp, path).not.toContain("unsafe-eval");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("no-referrer");
    if (path !== "/") expect(headers["cache-control"], path).toContain("no-store");
  }
  // Built and public files too (no CSP needed: nothing there is a document of ours).
  const page = await (await request.get(demoRun.link)).text();
  const script = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(page)?.[1];
  expect(script).toBeTruthy();
  for (const path of [script!, "/robots.txt", "/icon.svg"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["referrer-policy"], path).toBe("no-referrer");
  }
});

test("the upstream refuses missing, wrong and wrong-kind keys", async () => {
  const cases: [string, Record<string, string>][] = [
    ["/v1/parameters", {}],
    ["/v1/parameters", { Authorization: "Bearer app-wrong" }],
    ["/v1/parameters", { Authorization: `Bearer ${EMBEDDED_KEYS.dataset}` }],
    [
      "/v1/datasets/demo-dataset/documents/doc-onboarding/segments/seg-onboarding-1",
      { Authorization: `Bearer ${EMBEDDED_KEYS.workflowApp}` },
    ],
  ];
  for (const [path, headers] of cases) {
    const response = await fetch(`${EMBEDDED_ORIGIN}${path}`, { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, code: "unauthorized" });
  }
});

test("state changes need our own origin and the right content type", async ({
  request,
  demoRun,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const body = { inputs: { draft: "", tone: "Formal", attachments: [] }, action: "reject" };
  const cases: [string, Record<string, string>, string | Buffer, number, string][] = [
    [
      "cross-origin",
      { Origin: "https://evil.example", "Content-Type": "application/json" },
      JSON.stringify(body),
      403,
      "forbidden_origin",
    ],
    [
      "no origin",
      { "Content-Type": "application/json" },
      JSON.stringify(body),
      403,
      "forbidden_origin",
    ],
    [
      "text/plain",
      { Origin: origin, "Content-Type": "text/plain" },
      JSON.stringify(body),
      415,
      "unsupported_media_type",
    ],
    [
      "malformed JSON",
      { Origin: origin, "Content-Type": "application/json" },
      "{ not json",
      400,
      "invalid_request",
    ],
    [
      "ftp remote URL",
      { Origin: origin, "Content-Type": "application/json" },
      JSON.stringify({
        ...body,
        inputs: {
          ...body.inputs,
          cover: { type: "image", transfer_method: "remote_url", url: "ftp://x.example/a.png" },
        },
      }),
      400,
      "invalid_request",
    ],
    [
      "javascript remote URL",
      { Origin: origin, "Content-Type": "application/json" },
      JSON.stringify({
        ...body,
        inputs: {
          ...body.inputs,
          cover: { type: "image", transfer_method: "remote_url", url: "javascript:alert(1)" },
        },
      }),
      400,
      "invalid_request",
    ],
    [
      "over-long remote URL",
      { Origin: origin, "Content-Type": "application/json" },
      JSON.stringify({
        ...body,
        inputs: {
          ...body.inputs,
          cover: {
            type: "image",
            transfer_method: "remote_url",
            url: `https://x.example/${"a".repeat(2048)}`,
          },
        },
      }),
      400,
      "invalid_request",
    ],
  ];
  for (const [name, headers, data, status, code] of cases) {
    const requestId = randomUUID();
    const response = await request.post(`/api/forms/${demoRun.formToken}`, {
      headers: { ...headers, "x-form-link": linkQuery(demoRun), "x-request-id": requestId },
      data,
    });
    expect(response.status(), name).toBe(status);
    expect(await response.json(), name).toMatchObject({ status, code });
    expect(await callsForRequest(requestId), name).toEqual([]);
  }
  expect((await getFormRecord(demoRun.formToken)).status).toBe("open");
});

test("bad uploads are refused with the upstream's codes", async ({ request, demoRun, baseURL }) => {
  const headers = (requestId: string) => ({
    Origin: new URL(baseURL!).origin,
    "x-form-link": linkQuery(demoRun),
    "x-request-id": requestId,
  });
  const boundary = "----bad-uploads";
  const part = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`;
  const multipart = (parts: string[]) => Buffer.from(parts.join("") + `--${boundary}--\r\n`);
  const url = `/api/forms/${demoRun.formToken}/files`;

  let id = randomUUID();
  let response = await request.post(url, {
    headers: headers(id),
    multipart: { note: "no file here" },
  });
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { code: string }).code).toBe("no_file_uploaded");
  expect(await callsForRequest(id)).toEqual([]);

  id = randomUUID();
  response = await request.post(url, {
    headers: { ...headers(id), "Content-Type": `multipart/form-data; boundary=${boundary}` },
    data: multipart([part("")]),
  });
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { code: string }).code).toBe("filename_not_exists_error");
  expect(await callsForRequest(id)).toEqual([]);

  id = randomUUID();
  response = await request.post(url, {
    headers: { ...headers(id), "Content-Type": `multipart/form-data; boundary=${boundary}` },
    data: multipart([part("../../evil.txt")]),
  });
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { code: string }).code).toBe("invalid_param");
  expect(await callsForRequest(id)).toEqual([]);

  id = randomUUID();
  response = await request.post(url, {
    headers: { ...headers(id), "Content-Type": "application/json" },
    data: "{}",
  });
  expect(response.status()).toBe(415);
  expect(await callsForRequest(id)).toEqual([]);

  // Two files: the second is only seen after the first has begun streaming upstream, so that
  // upload is cancelled before it completes: the upstream never answers it with a file.
  id = randomUUID();
  response = await request.post(url, {
    headers: { ...headers(id), "Content-Type": `multipart/form-data; boundary=${boundary}` },
    data: multipart([part("a.txt"), part("b.txt")]),
  });
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { code: string }).code).toBe("too_many_files");
  expect((await callsForRequest(id)).filter((call) => call.status === 201)).toEqual([]);

  // The same with a first file large enough to be streamed upstream before it has ended.
  id = randomUUID();
  const large = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${"a".repeat(300 * 1024)}\r\n`;
  response = await request.post(url, {
    headers: { ...headers(id), "Content-Type": `multipart/form-data; boundary=${boundary}` },
    data: multipart([large, part("b.txt")]),
  });
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { code: string }).code).toBe("too_many_files");
  expect((await callsForRequest(id)).filter((call) => call.status === 201)).toEqual([]);
});

// On an app server of its own: 200 requests at once would hold the suite's shared server long
// enough to time out the link checks of the stories running beside this one.
test("200 simultaneous submissions through the app: exactly one wins", async ({
  request,
  demoRun,
}) => {
  test.setTimeout(90_000);
  const server = await startAppServer(E2E_REPLICA_PORT + 13, e2eAppServerEnv());
  try {
    const body = {
      inputs: demoAnswer("x"),
      action: "approve",
    };
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        request.post(`${server.url}/api/forms/${demoRun.formToken}`, {
          headers: { Origin: server.url, "x-form-link": linkQuery(demoRun) },
          data: body,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status());
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(199);
    const record = await getFormRecord(demoRun.formToken);
    expect(record.submission).toMatchObject({ action: "approve", user: demoRun.user });
  } finally {
    await server.stop();
  }
});
