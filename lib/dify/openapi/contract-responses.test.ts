import { describe, expect, it } from "vitest";
import { withTestServer } from "@/lib/embedded/test-client";
import {
  expectMatchesSpec,
  responseSchema,
  type MatchOptions,
} from "@/lib/tools/test/expect-matches-spec";

// Contract: every answer of the embedded service that the app relies on validates against the
// response schema Dify's published description gives for that operation and status. Each case
// says how to provoke the answer; `absent` lists documented fields the answer may leave out.

// Documents are 1 MB at most here, so a 413 needs only a small body.
const env = withTestServer({ systemParameters: { file_size_limit: 1 } });

const FORM = "/form/human_input/{form_token}";
const UPLOAD = "/files/upload";
const METADATA = "/datasets/{dataset_id}/documents/metadata";
const SEGMENT = "/datasets/{dataset_id}/documents/{document_id}/segments/{segment_id}";
const DATASETS = "/datasets";
const DATASET = "/datasets/{dataset_id}";
const DOCUMENTS = "/datasets/{dataset_id}/documents";
const FIELDS = "/datasets/{dataset_id}/metadata";
const SEGMENTS = "/datasets/{dataset_id}/documents/{document_id}/segments";

interface Case {
  name: string;
  method: "GET" | "POST";
  path: string;
  status: number;
  call: () => Promise<Response>;
  options?: MatchOptions;
}

function upload(files: { name: string; body: string; type?: string }[], user?: string) {
  const form = new FormData();
  if (user !== undefined) form.append("user", user);
  for (const file of files)
    form.append("file", new Blob([file.body], { type: file.type ?? "text/plain" }), file.name);
  return fetch(`${env.server.url}/files/upload`, {
    method: "POST",
    headers: env.client.auth(env.client.workflowKey),
    body: form,
  });
}

async function closedForm(state: "submitted" | "expired"): Promise<string> {
  const response = await env.client.admin.request("/forms", {
    body: {
      form_content: "{{#$output.note#}}",
      inputs: [{ type: "paragraph", output_variable_name: "note", default: null }],
      user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
      expires_in_seconds: state === "expired" ? 0.05 : 3600,
    },
  });
  const { form_token: token } = (await response.json()) as { form_token: string };
  if (state === "submitted")
    await env.client.post(`/form/human_input/${token}`, {
      inputs: { note: "" },
      action: "ok",
      user: "alice",
    });
  else await new Promise((resolve) => setTimeout(resolve, 100));
  return token;
}

const submit = (token: string, body: Record<string, unknown>) =>
  env.client.post(`/form/human_input/${token}`, body);

const CASES: Case[] = [
  {
    name: "parameters of the workflow app",
    method: "GET",
    path: "/parameters",
    status: 200,
    call: () => env.client.get("/parameters"),
  },
  {
    name: "parameters of the chatflow app",
    method: "GET",
    path: "/parameters",
    status: 200,
    call: () => env.client.get("/parameters", { key: env.client.chatflowKey }),
  },
  {
    name: "parameters of an unavailable app",
    method: "GET",
    path: "/parameters",
    status: 400,
    call: async () => {
      await env.client.admin.request("/config", { body: { appUnavailable: "workflow" } });
      try {
        return await env.client.get("/parameters");
      } finally {
        await env.client.admin.request("/config", { body: { appUnavailable: false } });
      }
    },
  },
  {
    name: "an open form",
    method: "GET",
    path: FORM,
    status: 200,
    call: async () =>
      env.client.get(`/form/human_input/${(await env.client.demoRun({ user: "u1" })).form_token}`),
  },
  {
    name: "an unknown form",
    method: "GET",
    path: FORM,
    status: 404,
    call: () => env.client.get("/form/human_input/AbCdEfGhIjKlMnOpQrStUv"),
  },
  {
    name: "a submitted form",
    method: "GET",
    path: FORM,
    status: 412,
    call: async () => env.client.get(`/form/human_input/${await closedForm("submitted")}`),
  },
  {
    name: "an expired form",
    method: "GET",
    path: FORM,
    status: 412,
    call: async () => env.client.get(`/form/human_input/${await closedForm("expired")}`),
  },
  {
    name: "an accepted submission",
    method: "POST",
    path: FORM,
    status: 200,
    call: async () => {
      const run = await env.client.demoRun({ user: "u2" });
      return submit(run.form_token, {
        inputs: {
          draft: "Text",
          tone: "Formal",
          cover: { type: "image", transfer_method: "remote_url", url: "https://e.com/c.png" },
          attachments: [],
        },
        action: "approve",
        user: run.user,
      });
    },
  },
  {
    name: "a submission missing inputs",
    method: "POST",
    path: FORM,
    status: 400,
    call: async () => {
      const run = await env.client.demoRun({ user: "u3" });
      return submit(run.form_token, { inputs: {}, action: "approve", user: run.user });
    },
  },
  {
    name: "a submission with a file of the wrong type",
    method: "POST",
    path: FORM,
    status: 400,
    call: async () => {
      const run = await env.client.demoRun({ user: "u4" });
      return submit(run.form_token, {
        inputs: {
          draft: "Text",
          tone: "Formal",
          cover: { type: "document", transfer_method: "remote_url", url: "https://e.com/c.png" },
          attachments: [],
        },
        action: "approve",
        user: run.user,
      });
    },
  },
  {
    name: "a submission to an unknown form",
    method: "POST",
    path: FORM,
    status: 404,
    call: () => submit("AbCdEfGhIjKlMnOpQrStUv", { inputs: {}, action: "ok", user: "a" }),
  },
  {
    name: "a submission to a submitted form",
    method: "POST",
    path: FORM,
    status: 412,
    call: async () =>
      submit(await closedForm("submitted"), { inputs: { note: "" }, action: "ok", user: "a" }),
  },
  {
    name: "a submission to an expired form",
    method: "POST",
    path: FORM,
    status: 412,
    call: async () =>
      submit(await closedForm("expired"), { inputs: { note: "" }, action: "ok", user: "a" }),
  },
  {
    name: "an upload",
    method: "POST",
    path: UPLOAD,
    status: 201,
    call: () => upload([{ name: "notes.txt", body: "hello" }], "alice"),
  },
  {
    name: "an upload without a file",
    method: "POST",
    path: UPLOAD,
    status: 400,
    call: () => {
      const form = new FormData();
      form.append("user", "alice");
      return fetch(`${env.server.url}/files/upload`, {
        method: "POST",
        headers: env.client.auth(env.client.workflowKey),
        body: form,
      });
    },
  },
  {
    name: "an upload of two files",
    method: "POST",
    path: UPLOAD,
    status: 400,
    call: () =>
      upload(
        [
          { name: "a.txt", body: "a" },
          { name: "b.txt", body: "b" },
        ],
        "alice",
      ),
  },
  {
    name: "an upload of a blocked extension",
    method: "POST",
    path: UPLOAD,
    status: 400,
    call: () => upload([{ name: "tool.exe", body: "MZ" }], "alice"),
  },
  {
    name: "an upload over the size limit",
    method: "POST",
    path: UPLOAD,
    status: 413,
    call: () => upload([{ name: "big.txt", body: "x".repeat(1024 * 1024 + 1) }], "alice"),
  },
  {
    name: "a metadata update",
    method: "POST",
    path: METADATA,
    status: 200,
    call: () =>
      env.client.post(
        "/datasets/demo-dataset/documents/metadata",
        {
          operation_data: [
            {
              document_id: "doc-pricing",
              metadata_list: [{ id: "meta-year", name: "year", value: 2025 }],
              partial_update: true,
            },
          ],
        },
        { key: env.client.datasetKey },
      ),
  },
  {
    name: "a metadata update naming an unknown document",
    method: "POST",
    path: METADATA,
    status: 400,
    call: () =>
      env.client.post(
        "/datasets/demo-dataset/documents/metadata",
        { operation_data: [{ document_id: "nope", metadata_list: [], partial_update: true }] },
        { key: env.client.datasetKey },
      ),
  },
  {
    name: "a metadata update of an unknown dataset",
    method: "POST",
    path: METADATA,
    status: 404,
    call: () =>
      env.client.post(
        "/datasets/nope/documents/metadata",
        { operation_data: [{ document_id: "doc-pricing", metadata_list: [] }] },
        { key: env.client.datasetKey },
      ),
  },
  {
    name: "a chunk",
    method: "GET",
    path: SEGMENT,
    status: 200,
    call: () =>
      env.client.get("/datasets/demo-dataset/documents/doc-onboarding/segments/seg-onboarding-1", {
        key: env.client.datasetKey,
      }),
    // The description says string; Dify's source stores no answer outside Q&A documents and
    // sends null.
    options: { mayBeNull: ["data.answer"] },
  },
  {
    name: "an unknown chunk",
    method: "GET",
    path: SEGMENT,
    status: 404,
    call: () =>
      env.client.get("/datasets/demo-dataset/documents/doc-onboarding/segments/nope", {
        key: env.client.datasetKey,
      }),
  },
  {
    name: "a page of knowledge bases",
    method: "GET",
    path: DATASETS,
    status: 200,
    call: () => env.client.get("/datasets?page=1&limit=2", { key: env.client.datasetKey }),
  },
  {
    name: "one knowledge base",
    method: "GET",
    path: DATASET,
    status: 200,
    call: () => env.client.get("/datasets/support-articles", { key: env.client.datasetKey }),
  },
  {
    name: "an unknown knowledge base",
    method: "GET",
    path: DATASET,
    status: 404,
    call: () => env.client.get("/datasets/nope", { key: env.client.datasetKey }),
  },
  {
    name: "a page of documents, with their metadata values",
    method: "GET",
    path: DOCUMENTS,
    status: 200,
    call: () =>
      env.client.get("/datasets/support-articles/documents?page=2&limit=20&keyword=doc", {
        key: env.client.datasetKey,
      }),
  },
  {
    name: "the documents of an unknown base",
    method: "GET",
    path: DOCUMENTS,
    status: 404,
    call: () => env.client.get("/datasets/nope/documents", { key: env.client.datasetKey }),
  },
  {
    name: "the metadata fields of a base",
    method: "GET",
    path: FIELDS,
    status: 200,
    call: () =>
      env.client.get("/datasets/support-articles/metadata", { key: env.client.datasetKey }),
  },
  {
    name: "the metadata fields of an unknown base",
    method: "GET",
    path: FIELDS,
    status: 404,
    call: () => env.client.get("/datasets/nope/metadata", { key: env.client.datasetKey }),
  },
  {
    name: "a page of a document's chunks",
    method: "GET",
    path: SEGMENTS,
    status: 200,
    call: () =>
      env.client.get("/datasets/demo-dataset/documents/doc-onboarding/segments?limit=2", {
        key: env.client.datasetKey,
      }),
    options: { mayBeNull: ["data.answer"] },
  },
  {
    name: "the chunks of an unknown document",
    method: "GET",
    path: SEGMENTS,
    status: 404,
    call: () =>
      env.client.get("/datasets/demo-dataset/documents/nope/segments", {
        key: env.client.datasetKey,
      }),
  },
];

describe("embedded answers match Dify's published description", () => {
  it.each(CASES)(
    "$method $path $status: $name",
    async ({ method, path, status, call, options }) => {
      const response = await call();
      expect(response.status).toBe(status);
      expectMatchesSpec(await response.json(), responseSchema(method, path, status), options);
    },
  );
});
