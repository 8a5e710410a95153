import { detectFileType, isFileTypeAllowed } from "@/lib/files/detect-file-type";
import type { EmbeddedStore, FileType } from "./store";

export interface FileConstraints {
  allowed_file_types: readonly string[];
  allowed_file_extensions: readonly string[];
  allowed_file_upload_methods: readonly string[];
}

const FILE_TYPES: readonly FileType[] = ["image", "document", "audio", "video", "custom"];
// Every method a real server knows; forms only ever allow the first two.
const METHODS: readonly string[] = ["local_file", "remote_url", "tool_file", "datasource_file"];

// Checks one file mapping; returns why it is refused, or null. Uploads must belong to `user`.
// Strict like a server on form submissions and API runs: the mapping's `type` must be the type
// the server detects, and that type must be allowed (see lib/files/detect-file-type.ts).
export function validateFileMapping({
  value,
  constraints,
  user,
  store,
}: {
  value: unknown;
  constraints: FileConstraints;
  user: string;
  store: EmbeddedStore;
}): string | null {
  if (!value || typeof value !== "object" || Array.isArray(value))
    return "expected a file mapping object";
  const mapping = value as Record<string, unknown>;
  const { type, transfer_method: method } = mapping;
  if (typeof type !== "string" || !FILE_TYPES.includes(type as FileType)) {
    return `unknown file type '${String(type)}'`;
  }
  if (typeof method !== "string" || !METHODS.includes(method)) {
    return `unknown transfer_method '${String(method)}'`;
  }
  // An empty method list restricts nothing, as on a server.
  const methods = constraints.allowed_file_upload_methods;
  if (methods.length > 0 && !methods.includes(method))
    return `transfer method '${method}' is not allowed`;

  let detected: FileType;
  let extension: string;
  if (method !== "local_file" && method !== "remote_url")
    return `transfer method '${method}' is not supported`;
  if (method === "local_file") {
    const id = mapping.upload_file_id;
    if (typeof id !== "string" || id === "") return "upload_file_id is required for local_file";
    const upload = store.getUpload(id);
    // NOTE: another user's upload is reported exactly like a missing one, so ids leak nothing.
    if (!upload || upload.user !== user) return `upload file '${id}' not found`;
    extension = upload.extension;
    detected = detectFileType({ extension, mimeType: upload.mime_type });
  } else {
    const url = mapping.url;
    if (typeof url !== "string") return "url is required for remote_url";
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return "url must be an http or https URL";
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
      return "url must be an http or https URL";
    // The service fetches nothing: the URL's own extension stands in for what a server learns
    // from the remote answer's MIME type (a URL without a listed extension detects as custom).
    const last = decodeURIComponent(parsed.pathname.split("/").pop() ?? "");
    const dot = last.lastIndexOf(".");
    extension = dot > 0 ? last.slice(dot + 1) : "";
    detected = detectFileType({ extension });
  }

  if (detected !== type)
    return "Detected file type does not match the specified type. Please verify the file.";
  if (!isFileTypeAllowed(detected, extension, constraints)) {
    return detected === "custom"
      ? `extension '.${extension}' is not allowed`
      : `file type '${detected}' is not allowed`;
  }
  return null;
}

// The service never fetches anything, but a real server does and can fail. Hosts under the
// reserved `.invalid` TLD (RFC 2606) can never resolve, so they stand in for an unreachable file.
// Call after validateFileMapping accepted the mapping; returns the failure, or null.
export function remoteFetchFailure(value: unknown): string | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const mapping = value as Record<string, unknown>;
  if (mapping.transfer_method !== "remote_url" || typeof mapping.url !== "string") return null;
  let host: string;
  try {
    host = new URL(mapping.url).hostname.replace(/\.$/, "").toLowerCase();
  } catch {
    return null;
  }
  return host === "invalid" || host.endsWith(".invalid")
    ? `failed to fetch remote file ${mapping.url}`
    : null;
}
