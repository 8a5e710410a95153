import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@/e2e/fixtures";
import { readRssMb, startRssMonitor } from "@/lib/tools/bench/rss-monitor";
import { formLinkQuery } from "@/lib/server/form/signed-form-link";

// Bodies are bounded whatever the upstream would take. This spec starts its own production app
// server (so its memory is this spec's alone, read from /proc/<pid>/status) in front of a
// scripted upstream whose upload endpoint has no limit at all: whatever the app refuses, it
// refuses by itself. The largest upload limit the upstream's /parameters announces is 4 MB.

test.describe.configure({ mode: "serial" });

const MB = 1024 * 1024;
const PROXY_LIMIT = 4 * MB;
const IDLE_MS = 1500;
const SECRET = randomBytes(24).toString("hex");

type UpstreamUpload = { bytes: number; completed: boolean; closedEarly: boolean };
const uploads: UpstreamUpload[] = [];
let upstream: Server;
let app: ChildProcess;
let appOrigin = "";

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  upstream = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/v1/parameters") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          user_input_form: [],
          system_parameters: {
            file_size_limit: 2,
            image_file_size_limit: 2,
            audio_file_size_limit: 2,
            video_file_size_limit: PROXY_LIMIT / MB,
          },
        }),
      );
      return;
    }
    if (req.method === "POST" && req.url === "/v1/files/upload") {
      // No limit of its own: it takes whatever arrives and answers once the body is complete.
      const upload: UpstreamUpload = { bytes: 0, completed: false, closedEarly: false };
      uploads.push(upload);
      req.on("data", (chunk: Buffer) => (upload.bytes += chunk.length));
      req.on("end", () => {
        upload.completed = true;
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            id: randomBytes(8).toString("hex"),
            name: "f.bin",
            size: upload.bytes,
            extension: "bin",
            mime_type: "application/octet-stream",
            created_by: "u",
            created_at: 1,
          }),
        );
      });
      req.on("close", () => (upload.closedEarly = !upload.completed));
      return;
    }
    res.writeHead(404, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ status: 404, code: "not_found", message: "Not found." }));
  });
  const upstreamPort = await listen(upstream);
  const port = await freePort();
  appOrigin = `http://127.0.0.1:${port}`;
  app = spawn(
    process.execPath,
    // The standalone server, as CI's and a container's.
    [path.join(process.cwd(), ".next/standalone/server.js")],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DIFY_API_BASE: `http://127.0.0.1:${upstreamPort}/v1`,
        DIFY_APP_API_KEY: "app-bounds-test",
        DIFY_DATASET_API_KEY: "",
        FORM_LINK_SECRET: SECRET,
        ALLOW_UNSIGNED_LINKS: "",
        LAUNCHER_ENABLED: "true",
        UPLOAD_IDLE_TIMEOUT_MS: String(IDLE_MS),
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        APP_ORIGIN: appOrigin,
      },
      stdio: "ignore",
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode})`);
    try {
      await (await fetch(`${appOrigin}/api/forms/-`)).body?.cancel();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("the app did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
});

test.afterAll(async () => {
  app?.kill("SIGTERM");
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

const token = "BoundsFormToken0123456";
const linkHeader = (user = "bounds@example.com") =>
  formLinkQuery({ token, run: "", user, exp: Math.floor(Date.now() / 1000) + 3600 }, SECRET);

type Sent = { status: number; body: string; sentBytes: number };

/**
 * POSTs `head`, then `size` bytes of filler, then `tail`, through node:http with backpressure
 * (the client holds one chunk at a time). Stops writing once the answer or an error arrives;
 * `stallAfter` stops sending (without ending) after that many filler bytes.
 */
function sendLarge(
  pathname: string,
  headers: Record<string, string>,
  parts: {
    head: string;
    size: number;
    tail: string;
    stallAfter?: number;
    /** Keep sending after the answer, as a client that does not listen would. */
    ignoreAnswer?: boolean;
  },
): Promise<Sent> {
  return new Promise((resolve) => {
    let sentBytes = 0;
    let answered = false;
    const req = httpRequest(`${appOrigin}${pathname}`, {
      method: "POST",
      headers: { Origin: appOrigin, ...headers },
      // A connection of its own, as each of many clients has: never one a cut-off body left.
      agent: false,
    });
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        if (!parts.ignoreAnswer) {
          resolve({ status: res.statusCode ?? 0, body, sentBytes });
          req.destroy();
          return;
        }
        // Resolved once the app closes the connection (or everything was sent).
        const done = () => resolve({ status: res.statusCode ?? 0, body, sentBytes });
        req.once("close", done);
        req.on("error", () => undefined);
      });
    });
    req.on("error", () => {
      if (!answered) resolve({ status: 0, body: "", sentBytes });
    });
    const stopped = () => (answered && !parts.ignoreAnswer) || req.destroyed;
    const chunk = Buffer.alloc(256 * 1024, 32);
    req.write(parts.head);
    const pump = () => {
      while (!stopped()) {
        if (parts.stallAfter !== undefined && sentBytes >= parts.stallAfter) return;
        if (sentBytes >= parts.size) {
          req.end(parts.tail);
          return;
        }
        sentBytes += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
    };
    pump();
  });
}

const BOUNDARY = "----bounds";
const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const fileTail = `\r\n--${BOUNDARY}--\r\n`;
const uploadHeaders = (user?: string) => ({
  "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
  "x-form-link": linkHeader(user),
});
const uploadPath = `/api/forms/${token}/files`;

function envelope(sent: Sent) {
  return JSON.parse(sent.body) as { status: number; code: string; message: string };
}

test("an upload past the app's limit is cut off although the upstream would take it", async () => {
  const small = await sendLarge(uploadPath, uploadHeaders(), {
    head: fileHead,
    size: MB,
    tail: fileTail,
  });
  expect(small.status, small.body).toBe(201);
  expect(uploads.at(-1)).toMatchObject({ completed: true });

  uploads.length = 0;
  const big = await sendLarge(uploadPath, uploadHeaders(), {
    head: fileHead,
    size: 64 * MB,
    tail: fileTail,
    ignoreAnswer: true,
  });
  expect(big.status).toBe(413);
  expect(envelope(big)).toMatchObject({ status: 413, code: "file_too_large" });
  // The upstream never completed it, and saw no more than the limit (plus what was in flight).
  await expect.poll(() => uploads[0]?.closedEarly).toBe(true);
  expect(uploads.filter((upload) => upload.completed)).toEqual([]);
  expect(uploads[0]!.bytes).toBeLessThan(PROXY_LIMIT + MB);
  // Not drained: a client that keeps sending is cut off soon after the refusal.
  expect(big.sentBytes).toBeLessThan(PROXY_LIMIT + 16 * MB);
});

test("an upload body that sends nothing for the idle time is cut off, upstream too", async () => {
  uploads.length = 0;
  const started = Date.now();
  const stalled = await sendLarge(uploadPath, uploadHeaders(), {
    head: fileHead,
    size: MB,
    tail: fileTail,
    stallAfter: 256 * 1024,
  });
  expect(stalled.status).toBe(408);
  expect(envelope(stalled)).toMatchObject({ status: 408, code: "request_timeout" });
  expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS);
  await expect.poll(() => uploads[0]?.closedEarly).toBe(true);
  expect(uploads[0]?.completed).toBe(false);
});

/** RSS of the app server, settled: a few samples after a short pause, the lowest. */
async function settledRssMb(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(readRssMb(pid));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Math.min(...samples);
}

test("a 400 MB JSON body and 20 parallel oversized uploads leave the app's memory flat", async () => {
  test.setTimeout(120_000);
  const pid = app.pid!;
  const launchHeaders = { "Content-Type": "application/json" };
  // Warm up both routes (their code loads on first use), then measure.
  for (let i = 0; i < 3; i++) {
    await sendLarge("/api/launch", launchHeaders, { head: "", size: 2 * MB, tail: "" });
    await sendLarge(uploadPath, uploadHeaders(), {
      head: fileHead,
      size: 2 * PROXY_LIMIT,
      tail: fileTail,
    });
  }

  const before = await settledRssMb(pid);
  let monitor = startRssMonitor(pid);
  // Chunked, with no Content-Length to refuse it by: the stream reader has to stop by itself.
  const json = await sendLarge("/api/launch", launchHeaders, {
    head: "",
    size: 400 * MB,
    tail: "",
  });
  const jsonPeak = monitor.stop();
  expect(jsonPeak - before, `RSS ${before.toFixed(0)} → ${jsonPeak.toFixed(0)} MB`).toBeLessThan(
    50,
  );

  expect(json.status).toBe(413);
  expect(envelope(json)).toMatchObject({ status: 413, code: "payload_too_large" });

  uploads.length = 0;
  const beforeUploads = await settledRssMb(pid);
  monitor = startRssMonitor(pid);
  // Twenty links' uploads: one link may send only MAX_UPLOADS_PER_LINK at once.
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      sendLarge(uploadPath, uploadHeaders(`bounds-${i}@example.com`), {
        head: fileHead,
        size: 50 * MB,
        tail: fileTail,
      }),
    ),
  );
  const uploadPeak = monitor.stop();
  expect(results.map((result) => result.status)).toEqual(Array(20).fill(413));
  expect(
    uploadPeak - beforeUploads,
    `RSS ${beforeUploads.toFixed(0)} → ${uploadPeak.toFixed(0)} MB`,
  ).toBeLessThan(50);
  expect(uploads.filter((upload) => upload.completed)).toEqual([]);
});
