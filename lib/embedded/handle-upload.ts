import { randomBytes, randomUUID } from "node:crypto";
import Busboy, { type BusboyInstance } from "@fastify/busboy";
import { DifyError, sendDifyError, sendDifyJson } from "./dify-error";
import { sizeCategoryOf as fileCategory } from "./file-types";
import { BLOCKED_EXTENSIONS } from "./blocked-extensions";
import type { RouteRequest } from "./create-router";
import type { ServerContext } from "./server-context";
import type { FileCategory } from "./store";

/** An upload's stored extension: after the last dot, lower case, no dot ("" if none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

const MB = 1024 * 1024;
// After a 413 the rest of the body is drained; a client that keeps sending past this is cut off.
const DRAIN_LIMIT_MS = 10_000;

function limitBytes(ctx: ServerContext, category: FileCategory): number {
  const p = ctx.config.systemParameters;
  const mb = {
    image: p.image_file_size_limit,
    video: p.video_file_size_limit,
    audio: p.audio_file_size_limit,
    document: p.file_size_limit,
  }[category];
  return Math.floor(mb * MB);
}

function filenameProblem(filename: string | undefined): DifyError | null {
  if (!filename)
    return new DifyError(
      400,
      "filename_not_exists_error",
      "The specified filename does not exist.",
    );
  if (filename.includes("/") || filename.includes("\\")) {
    return new DifyError(400, "invalid_param", "Filename must not contain path separators.");
  }
  const extension = extensionOf(filename);
  if (!extension) return new DifyError(415, "unsupported_file_type", "File type not allowed.");
  if (BLOCKED_EXTENSIONS.has(extension)) {
    return new DifyError(
      400,
      "invalid_param",
      `File extension '.${extension}' is not allowed for security reasons.`,
    );
  }
  return null;
}

interface Accepted {
  filename: string;
  extension: string;
  category: FileCategory;
  mimeType: string;
  size: number;
  complete: boolean;
}

// POST /files/upload: multipart parsed as it streams; only metadata is kept, the bytes are discarded.
export function handleUpload({
  ctx,
  req,
  res,
}: Pick<RouteRequest, "ctx" | "req" | "res">): Promise<void> {
  return new Promise((resolve) => {
    let parser: BusboyInstance;
    try {
      // preservePath keeps "a/b.png" intact so it can be refused rather than silently renamed.
      parser = new Busboy({
        headers: { ...req.headers, "content-type": req.headers["content-type"] ?? "" },
        preservePath: true,
        limits: { fields: 20, fieldSize: 64 * 1024, parts: 40 },
      });
    } catch {
      req.resume();
      sendDifyError(res, new DifyError(400, "no_file_uploaded", "Please upload your file."));
      resolve();
      return;
    }

    let responded = false;
    let user: string | undefined;
    let fileParts = 0;
    let sawFileField = false;
    let problem: DifyError | null = null;
    let accepted: Accepted | null = null;

    const respondEarly = (error: DifyError): void => {
      if (responded) return;
      responded = true;
      sendDifyError(res, error);
      req.unpipe(parser);
      parser.removeAllListeners("file");
      req.resume();
      const cutoff = setTimeout(() => req.destroy(), DRAIN_LIMIT_MS);
      req.once("end", () => clearTimeout(cutoff));
      req.once("close", () => clearTimeout(cutoff));
      resolve();
    };

    parser.on("field", (name, value) => {
      // The first `user` field wins, like Flask's request.form.get.
      if (name === "user" && user === undefined) user = value;
    });

    parser.on("file", (name, stream, filename, _encoding, mimeType) => {
      fileParts += 1;
      if (name !== "file" || sawFileField) {
        stream.resume();
        return;
      }
      sawFileField = true;
      problem = filenameProblem(filename);
      if (problem || !filename) {
        stream.resume();
        return;
      }
      const extension = extensionOf(filename);
      const category = fileCategory(extension);
      const limit = limitBytes(ctx, category);
      const current: Accepted = {
        filename,
        extension,
        category,
        mimeType,
        size: 0,
        complete: false,
      };
      accepted = current;
      stream.on("data", (chunk: Buffer) => {
        current.size += chunk.length;
        if (current.size > limit) {
          stream.resume();
          // A server sends this one with an empty message; clients word it themselves.
          respondEarly(new DifyError(413, "file_too_large", ""));
        }
      });
      stream.on("end", () => {
        current.complete = true;
      });
    });

    parser.on("error", () => {
      respondEarly(new DifyError(400, "invalid_param", "Malformed multipart body."));
    });

    parser.on("finish", () => {
      if (responded) return;
      responded = true;
      resolve();
      if (!sawFileField)
        return sendDifyError(
          res,
          new DifyError(400, "no_file_uploaded", "Please upload your file."),
        );
      if (fileParts > 1)
        return sendDifyError(
          res,
          new DifyError(400, "too_many_files", "Only one file is allowed."),
        );
      if (problem) return sendDifyError(res, problem);
      const file = accepted;
      if (!file || !file.complete)
        return sendDifyError(res, new DifyError(400, "invalid_param", "Malformed multipart body."));

      // Without `user` a server files the upload under its default end user.
      const owner = user === undefined || user === "" ? "DEFAULT-USER" : user;
      const id = randomUUID();
      const createdAt = Math.floor(Date.now() / 1000);
      const sign = randomBytes(16).toString("hex");
      const record = {
        id,
        name: file.filename,
        size: file.size,
        extension: file.extension,
        mime_type: file.mimeType,
        category: file.category,
        user: owner,
        created_by: ctx.store.endUserId(owner),
        created_at: createdAt,
        source_url: `${ctx.origin}/files/${id}/file-preview?timestamp=${createdAt}&nonce=${sign.slice(0, 16)}&sign=${sign}`,
      };
      ctx.store.putUpload(record);
      sendDifyJson(res, {
        status: 201,
        body: {
          id: record.id,
          reference: null,
          name: record.name,
          size: record.size,
          extension: record.extension,
          mime_type: record.mime_type,
          created_by: record.created_by,
          created_at: record.created_at,
          preview_url: null,
          source_url: record.source_url,
          original_url: null,
          user_id: record.created_by,
          tenant_id: null,
          conversation_id: null,
          file_key: `upload_files/embedded/${id}.${record.extension}`,
        },
      });
    });

    req.pipe(parser);
  });
}
