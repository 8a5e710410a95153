import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "@/lib/errors/api-error";
import {
  createDifyClient,
  type DifyClient,
  type DifyClientOptions,
} from "@/lib/server/dify/dify-client";

// The client against a scripted upstream on loopback: what it sends, and what every kind of
// failure becomes.

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
const seen: { method: string; url: string; authorization: string | undefined }[] = [];
let server: Server;
let client: DifyClient;
const noted: {
  upstreamStatus?: number;
  upstreamCode?: string | null;
  upstreamMessage?: string | null;
} = {};

const options = (apiBase: string): DifyClientOptions => ({
  apiBase,
  appKey: "app-test-key",
  datasetKey: "dataset-test-key",
  connectTimeoutMs: 5_000,
  responseTimeoutMs: 300,
  streamIdleTimeoutMs: 60_000,
  jsonConnections: 3,
  streamConnections: 10,
  launchConnections: 2,
  parametersTtlMs: 60_000,
  maxAnswerBytes: 1024 * 1024,
  requestId: () => "r",
  note: (facts) => Object.assign(noted, facts),
});

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      authorization: req.headers.authorization,
    });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  client = createDifyClient(options(`http://127.0.0.1:${port}/v1`));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

const json =
  (status: number, body: unknown): Handler =>
  (_req, res) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };

const form = {
  form_content: "Hi {{#$output.notes#}}",
  inputs: [
    { type: "paragraph", output_variable_name: "notes", default: null },
    { type: "rating", output_variable_name: "stars" },
  ],
  resolved_default_values: {},
  user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
  expiration_time: 1_900_000_000,
};

describe("dify client", () => {
  it("sends the app key and encodes path segments", async () => {
    handler = json(200, form);
    const result = await client.getHumanInputForm("a/b c");
    expect(seen[0]).toEqual({
      method: "GET",
      url: "/v1/form/human_input/a%2Fb%20c",
      authorization: "Bearer app-test-key",
    });
    expect(result.inputs[1]).toMatchObject({ type: "rating", output_variable_name: "stars" });
  });

  it("maps the upstream refusing this server's key to upstream_key_refused, naming the variable in the log only", async () => {
    const refused = json(401, {
      status: 401,
      code: "unauthorized",
      message: "Access token is invalid",
    });
    handler = refused;
    const app = (await client.getAppParameters().catch((e: unknown) => e)) as {
      status: number;
      code: string;
      message: string;
    };
    expect(app).toMatchObject({ status: 502, code: "upstream_key_refused" });
    expect(app.message).not.toMatch(/DIFY_APP_API_KEY|app-test-key/);
    expect(noted.upstreamMessage).toBe("DIFY_APP_API_KEY refused");
    handler = refused;
    const dataset = (await client.getChunk("ds", "doc", "seg").catch((e: unknown) => e)) as {
      status: number;
      code: string;
      message: string;
    };
    expect(dataset).toMatchObject({ status: 502, code: "upstream_key_refused" });
    expect(dataset.message).not.toContain("DIFY_DATASET_API_KEY");
    expect(noted.upstreamMessage).toBe("DIFY_DATASET_API_KEY refused");
  });

  it("uses the dataset key for knowledge endpoints", async () => {
    handler = json(200, { result: "success" });
    await client.updateDocumentsMetadata("ds", []);
    expect(seen[0]?.authorization).toBe("Bearer dataset-test-key");
  });

  it("counts a metadata answer of a bare 200 (older servers) as success", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Length": "0" });
      res.end();
    };
    expect(await client.updateDocumentsMetadata("ds", [])).toEqual({ result: "success" });
    // Elsewhere an empty body is still not an answer.
    await expect(client.getHumanInputForm("t")).rejects.toMatchObject({
      code: "upstream_bad_response",
    });
  });

  it("counts an older server's JSON body `200` (its `return 200`) as success", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "4" });
      res.end("200\n");
    };
    expect(await client.updateDocumentsMetadata("ds", [])).toEqual({ result: "success" });
  });

  it("passes an upstream refusal's status and code on in its own words, the upstream's text to the log", async () => {
    handler = json(412, {
      status: 412,
      code: "human_input_form_submitted",
      message: "Form already submitted at http://10.0.0.7:5001/internal/forms/t",
    });
    const refused = (await client.getHumanInputForm("t").catch((e: unknown) => e)) as ApiError;
    expect(refused.toJSON()).toEqual({
      status: 412,
      code: "human_input_form_submitted",
      message: "This form has already been answered.",
    });
    expect(refused.upstreamText).toContain("10.0.0.7");
    expect(noted.upstreamMessage).toContain("10.0.0.7");
  });

  it("answers 502 for an upstream refusal it cannot read, whatever its status", async () => {
    handler = (_req, res) =>
      res.writeHead(404, { "Content-Type": "text/html" }).end("<h1>nginx</h1>");
    await expect(client.getHumanInputForm("t")).rejects.toMatchObject({
      status: 502,
      code: "upstream_bad_response",
    });
  });

  it("reads an answer up to its limit: a larger one is 502, not held in memory", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(`{"form_content":"${"a".repeat(2 * 1024 * 1024)}"}`);
    };
    await expect(client.getHumanInputForm("t")).rejects.toMatchObject({
      status: 502,
      code: "upstream_bad_response",
      message: expect.stringContaining("larger") as string,
    });
  });

  it("gives its own text where the upstream message is empty", async () => {
    handler = json(413, { status: 413, code: "file_too_large", message: "" });
    await expect(client.getHumanInputForm("t")).rejects.toMatchObject({
      status: 413,
      code: "file_too_large",
      message: "The file is too large.",
    });
  });

  it("retries a safe GET once after a 5xx, then reports a bad upstream", async () => {
    handler = (_req, res) => {
      res.writeHead(502, { "Content-Type": "text/html" });
      res.end("<html>bad gateway</html>");
    };
    await expect(client.getHumanInputForm("t")).rejects.toMatchObject({
      status: 502,
      code: "upstream_bad_response",
    });
    expect(seen).toHaveLength(2);
  });

  it("never retries a POST", async () => {
    handler = json(500, { status: 500, code: "internal_server_error", message: "boom" });
    await expect(
      client.submitHumanInputForm("t", { inputs: {}, action: "ok", user: "u" }),
    ).rejects.toMatchObject({
      status: 502,
      code: "upstream_bad_response",
    });
    expect(seen).toHaveLength(1);
  });

  it("turns an upstream 5xx envelope into 502 upstream_bad_response, its code kept for the log", async () => {
    handler = json(503, { status: 503, code: "service_busy", message: "internal detail" });
    const error = await client.getHumanInputForm("t").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: "upstream_bad_response" });
    expect((error as Error).message).not.toContain("internal detail");
    expect(noted).toEqual({
      upstreamStatus: 503,
      upstreamCode: "service_busy",
      upstreamMessage: "internal detail",
    });
  });

  it("reads a 501 on a form's routes as form_answered_elsewhere, asked once; elsewhere as a 5xx", async () => {
    const stub = { status: 501, code: "not_implemented", message: "not implemented yet" };
    handler = json(501, stub);
    const elsewhere = { status: 501, code: "form_answered_elsewhere" };
    await expect(client.getHumanInputForm("t")).rejects.toMatchObject(elsewhere);
    expect(seen).toHaveLength(1);
    await expect(
      client.submitHumanInputForm("t", { inputs: {}, action: "ok", user: "u" }),
    ).rejects.toMatchObject(elsewhere);
    const body = Buffer.from("--b--\r\n");
    await expect(
      client.uploadFile(body, "multipart/form-data; boundary=b", { form: true }),
    ).rejects.toMatchObject(elsewhere);
    // The launcher's uploads and every other route: the upstream's own failure.
    const failed = { status: 502, code: "upstream_bad_response" };
    await expect(client.uploadFile(body, "multipart/form-data; boundary=b")).rejects.toMatchObject(
      failed,
    );
    await expect(client.getAppParameters()).rejects.toMatchObject(failed);
    expect(noted.upstreamCode).toBe("not_implemented");
  });

  // Human Input v2's console route words a closed form as 409/410; read as the v1 412s.
  it.each([
    [409, "already_submitted", { status: 412, code: "human_input_form_submitted" }],
    [410, "expired", { status: 412, code: "human_input_form_expired" }],
    [
      409,
      "workflow_not_active",
      { status: 409, code: "form_closed", message: "This form is closed." },
    ],
    [412, "human_input_form_submitted", { status: 412, code: "human_input_form_submitted" }],
  ])("reads a form route's %i %s as a closed form", async (status, code, expected) => {
    handler = json(status, { status, code, message: "closed at http://10.0.0.5/internal" });
    await expect(client.getHumanInputForm("t")).rejects.toMatchObject(expected);
    await expect(
      client.submitHumanInputForm("t", { inputs: {}, action: "ok", user: "u" }),
    ).rejects.toMatchObject(expected);
  });

  it("maps a malformed success body to upstream_bad_response", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end("{not json");
    };
    await expect(client.getHumanInputForm("t")).rejects.toMatchObject({
      status: 502,
      code: "upstream_bad_response",
    });
  });

  it("maps a body of the wrong shape to upstream_bad_response", async () => {
    handler = json(200, { form_content: 42 });
    await expect(client.getHumanInputForm("t")).rejects.toMatchObject({
      status: 502,
      code: "upstream_bad_response",
    });
  });

  it("maps a silent upstream to upstream_timeout", async () => {
    handler = () => undefined; // never answers
    await expect(client.getHumanInputForm("t")).rejects.toMatchObject({
      status: 504,
      code: "upstream_timeout",
    });
  });

  it("opens an event stream and refuses a non-stream answer", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.end(
        'event: ping\n\ndata: {"event":"workflow_finished","data":{"status":"succeeded"}}\n\n',
      );
    };
    const stream = await client.streamWorkflowEvents("run-1", {
      user: "u",
      includeStateSnapshot: true,
      continueOnPause: true,
    });
    expect(seen[0]?.url).toBe(
      "/v1/workflow/run-1/events?user=u&include_state_snapshot=true&continue_on_pause=true",
    );
    stream.on("error", () => undefined).destroy();
    handler = json(200, {});
    await expect(client.streamWorkflowEvents("run-1", { user: "u" })).rejects.toMatchObject({
      code: "upstream_bad_response",
    });
  });
});

describe("dify client without an upstream", () => {
  it("maps a refused connection to upstream_unreachable", async () => {
    const isolated = createDifyClient(options("http://127.0.0.1:9/v1"));
    await expect(isolated.getAppParameters()).rejects.toMatchObject({
      status: 502,
      code: "upstream_unreachable",
    });
  });
});

describe("knowledge lists", () => {
  const page = { data: [], has_more: false, limit: 20, total: 0, page: 2 };

  it("sends page and limit, a keyword and status only when given, with the dataset key", async () => {
    handler = json(200, page);
    await client.listDocuments("ds 1", { page: 2, limit: 20, keyword: "a&b", status: "available" });
    await client.listDatasets({ page: 1, limit: 10, keyword: "" });
    expect(seen.map(({ url, authorization }) => ({ url, authorization }))).toEqual([
      {
        url: "/v1/datasets/ds%201/documents?page=2&limit=20&keyword=a%26b&status=available",
        authorization: "Bearer dataset-test-key",
      },
      { url: "/v1/datasets?page=1&limit=10", authorization: "Bearer dataset-test-key" },
    ]);
  });

  it("reads a document's values as Dify's source sends them: numbers for number and time", async () => {
    handler = json(200, {
      ...page,
      data: [
        {
          id: "d",
          name: "d.md",
          doc_metadata: [
            { id: "m", name: "reviewed_at", type: "time", value: 1772357400 },
            { id: "built-in", name: "upload_date", type: "time", value: 1736154000.5 },
          ],
        },
      ],
    });
    const answer = await client.listDocuments("ds", { page: 1, limit: 20 });
    expect(answer.data[0]?.doc_metadata?.[0]?.value).toBe(1772357400);
  });

  it("passes a 404 of the fields and chunks through", async () => {
    handler = json(404, { status: 404, code: "not_found", message: "Document not found." });
    await expect(client.listSegments("ds", "doc", { page: 1, limit: 10 })).rejects.toMatchObject({
      status: 404,
      code: "not_found",
    });
    await expect(client.listMetadataFields("ds")).rejects.toMatchObject({ status: 404 });
  });
});

describe("connection pools", () => {
  it("runs launches on a pool of their own: past it a launch waits, forms still answer", async () => {
    const held: ServerResponse[] = [];
    handler = (req, res) => {
      if (req.url === "/v1/workflows/run") {
        // A run that streams on: its connection stays taken.
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.write("event: ping\n\n");
        held.push(res);
        return;
      }
      if (req.url?.startsWith("/v1/workflow/")) {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.end("event: ping\n\n");
        return;
      }
      json(200, form)(req, res);
    };
    const abort = new AbortController();
    const launches = [1, 2, 3].map(() =>
      client.runWorkflowStreaming({ inputs: {}, user: "anon" }, abort.signal).then(
        (body) => body.on("error", () => undefined),
        (error: unknown) => error,
      ),
    );
    try {
      await vi.waitFor(() => expect(held).toHaveLength(2));
      await new Promise((resolve) => setTimeout(resolve, 150));
      // The third launch waits for one of the launcher's two connections...
      expect(held).toHaveLength(2);
      // ...while a form and a form's event stream go their own way at once.
      await expect(client.getHumanInputForm("tok")).resolves.toMatchObject({
        form_content: form.form_content,
      });
      const events = await client.streamWorkflowEvents("run-1", { user: "alice" });
      events.on("error", () => undefined).destroy();
      // A launch ended frees its connection for the launch waiting.
      held.shift()!.end();
      await vi.waitFor(() => expect(held).toHaveLength(2));
    } finally {
      abort.abort();
      for (const res of held) res.end();
      await Promise.all(launches);
    }
  });

  it("caps the JSON pool's connections: a burst past it waits its turn", async () => {
    let inFlight = 0;
    let most = 0;
    handler = (req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        json(200, form)(req, res);
      }, 60);
    };
    await Promise.all([1, 2, 3, 4, 5].map((i) => client.getHumanInputForm(`tok-${i}`)));
    expect(seen).toHaveLength(5);
    expect(most).toBe(3);
  });
});
