import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedServer } from "./server";
import type { EmbeddedServer } from "./server";
import { createTestClient } from "./test-client";
import type { TestClient } from "./test-client";

let server: EmbeddedServer;
let client: TestClient;

beforeAll(async () => {
  // Tiny limits so the 413 path runs with small bodies: images 16 KiB, documents 32 KiB.
  server = await startEmbeddedServer({
    port: 0,
    stepDelayMs: 5,
    systemParameters: { image_file_size_limit: 1 / 64, file_size_limit: 1 / 32 },
  });
  client = createTestClient(server);
});

afterAll(async () => {
  await server.close();
});

interface Part {
  name: string;
  value?: string;
  filename?: string;
  contentType?: string;
}

// Hand-built multipart, for the shapes FormData cannot produce (empty filename, paths).
function multipart(parts: Part[]): { body: string; contentType: string } {
  const boundary = "----embedded-test-boundary";
  const body =
    parts
      .map((p) => {
        const disposition =
          p.filename === undefined
            ? `form-data; name="${p.name}"`
            : `form-data; name="${p.name}"; filename="${p.filename}"`;
        const type =
          p.filename === undefined
            ? ""
            : `Content-Type: ${p.contentType ?? "application/octet-stream"}\r\n`;
        return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${p.value ?? ""}\r\n`;
      })
      .join("") + `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  parts: Part[] | FormData,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let init: RequestInit;
  if (parts instanceof FormData) {
    init = { body: parts, headers: client.auth(client.workflowKey) };
  } else {
    const { body, contentType } = multipart(parts);
    init = { body, headers: { ...client.auth(client.workflowKey), "Content-Type": contentType } };
  }
  const response = await fetch(`${server.url}/files/upload`, { method: "POST", ...init });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /files/upload", () => {
  it("answers 201 with the file's metadata and the first user field wins", async () => {
    const form = new FormData();
    form.append("user", "alice");
    form.append("user", "mallory");
    form.append("file", new Blob(["hello world"], { type: "text/plain" }), "Notes.TXT");
    const { status, body } = await upload(form);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: "Notes.TXT",
      size: 11,
      extension: "txt",
      mime_type: "text/plain",
      preview_url: null,
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isInteger(body.created_at)).toBe(true);
    expect(typeof body.source_url).toBe("string");
    expect(server.store.getUpload(body.id as string)?.user).toBe("alice");
  });

  it("keeps a file name as the UTF-8 a browser sends", async () => {
    const form = new FormData();
    form.append("user", "alice");
    form.append("file", new Blob(["hi"], { type: "text/plain" }), "résumé 日本.txt");
    expect((await upload(form)).body).toMatchObject({ name: "résumé 日本.txt" });
  });

  it("answers 413 file_too_large past the category limit, while the body is still streaming", async () => {
    const form = new FormData();
    form.append("user", "alice");
    form.append("file", new Blob([new Uint8Array(17 * 1024)], { type: "image/png" }), "big.png");
    const big = await upload(form);
    expect(big.status).toBe(413);
    // Empty, as a server sends it: clients word this one themselves.
    expect(big.body).toEqual({ status: 413, code: "file_too_large", message: "" });

    // The same size is fine for a document, whose limit is larger.
    const doc = new FormData();
    doc.append("user", "alice");
    doc.append("file", new Blob([new Uint8Array(17 * 1024)]), "big.pdf");
    expect((await upload(doc)).status).toBe(201);
  });

  it("answers 413 before a large body has been sent in full", async () => {
    const size = 64 * 1024 * 1024;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const head = multipart([{ name: "user", value: "alice" }]).body.replace(
          /--[^\r]*--\r\n$/,
          "",
        );
        controller.enqueue(new TextEncoder().encode(head));
        controller.enqueue(
          new TextEncoder().encode(
            '------embedded-test-boundary\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n',
          ),
        );
      },
      pull(controller) {
        if (sent >= size) return controller.close();
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await fetch(`${server.url}/files/upload`, {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: {
        ...client.auth(client.workflowKey),
        "Content-Type": "multipart/form-data; boundary=----embedded-test-boundary",
      },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(size);
  });

  it("answers 400 no_file_uploaded without a file part", async () => {
    const { status, body } = await upload([{ name: "user", value: "alice" }]);
    expect(status).toBe(400);
    expect(body.code).toBe("no_file_uploaded");
  });

  it("answers 400 too_many_files for two file parts", async () => {
    const { status, body } = await upload([
      { name: "user", value: "alice" },
      { name: "file", filename: "a.txt", value: "a" },
      { name: "file", filename: "b.txt", value: "b" },
    ]);
    expect(status).toBe(400);
    expect(body.code).toBe("too_many_files");
  });

  it("answers 400 filename_not_exists_error for an empty filename", async () => {
    const { status, body } = await upload([
      { name: "user", value: "alice" },
      { name: "file", filename: "", value: "" },
    ]);
    expect(status).toBe(400);
    expect(body.code).toBe("filename_not_exists_error");
  });

  it("answers 400 invalid_param for a blocked extension or a path in the filename", async () => {
    for (const filename of ["setup.exe", "run.SH", "../etc/passwd.txt", "dir\\\\file.txt"]) {
      const { status, body } = await upload([
        { name: "user", value: "alice" },
        { name: "file", filename, value: "x" },
      ]);
      expect(status, filename).toBe(400);
      expect(body.code, filename).toBe("invalid_param");
    }
  });

  it("answers 415 unsupported_file_type for a name without extension", async () => {
    const { status, body } = await upload([
      { name: "user", value: "alice" },
      { name: "file", filename: "README", value: "x" },
    ]);
    expect(status).toBe(415);
    expect(body.code).toBe("unsupported_file_type");
  });

  it("files an upload without user under DEFAULT-USER", async () => {
    const anonymous = await upload([{ name: "file", filename: "a.txt", value: "a" }]);
    const named = await upload([
      { name: "user", value: "DEFAULT-USER" },
      { name: "file", filename: "b.txt", value: "b" },
    ]);
    expect(anonymous.status).toBe(201);
    expect(anonymous.body.created_by).toBe(named.body.created_by);
  });
});
