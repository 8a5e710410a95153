import {
  detectFileType,
  isFileAllowed,
  resolveFileType,
  type ServerGeneration,
} from "./file-types";
import { remoteFileFrom, type RemoteAnswers } from "./remote-file-info";
import type { EmbeddedStore, FileType } from "./store";

export interface FileConstraints {
  allowed_file_types: readonly string[];
  allowed_file_extensions: readonly string[];
  allowed_file_upload_methods: readonly string[];
}

/** What checking a mapping needs besides the mapping: who sends it, and which server judges. */
export interface FileCheckContext {
  user: string;
  store: EmbeddedStore;
  generation: ServerGeneration;
  /** What each remote URL's server answered, fetched before the (synchronous) checks. */
  remote: RemoteAnswers;
}

const FILE_TYPES: readonly FileType[] = ["image", "document", "audio", "video", "custom"];
// Every method a real server knows; forms only ever allow the first two.
const METHODS: readonly string[] = ["local_file", "remote_url", "tool_file", "datasource_file"];

// Checks one file mapping; returns why it is refused, or null. Uploads must belong to `user`.
// In the server's order for its generation: since graphon 0.7.0 the mapping's own type and
// extension are judged against the field before the file is built; before, the built file's
// detected type is.
export function validateFileMapping({
  value,
  constraints,
  context,
}: {
  value: unknown;
  constraints: FileConstraints;
  context: FileCheckContext;
}): string | null {
  const { generation } = context;
  if (!value || typeof value !== "object" || Array.isArray(value))
    return "expected a file mapping object";
  const mapping = value as Record<string, unknown>;
  const { type, transfer_method: method } = mapping;
  if (typeof type !== "string" || !FILE_TYPES.includes(type as FileType)) {
    return `unknown file type '${String(type)}'`;
  }
  const sentType = type as FileType;
  if (typeof method !== "string" || !METHODS.includes(method)) {
    return `unknown transfer_method '${String(method)}'`;
  }
  // An empty method list restricts nothing.
  const methods = constraints.allowed_file_upload_methods;
  if (methods.length > 0 && !methods.includes(method))
    return `transfer method '${method}' is not allowed`;
  if (generation === "since-0.7") {
    const extension = typeof mapping.extension === "string" ? mapping.extension : "";
    if (!isFileAllowed(generation, { type: sentType, extension }, constraints))
      return refusal(sentType, extension);
  }

  const built = buildFile(mapping, method, context);
  if ("problem" in built) return built.problem;
  const detected = detectFileType(generation, built);
  const resolved = resolveFileType(generation, detected, sentType);
  if ("refused" in resolved) return resolved.refused;
  if (
    generation === "before-0.7" &&
    !isFileAllowed(generation, { type: detected, extension: built.extension }, constraints)
  )
    return refusal(detected, built.extension);
  return null;
}

const refusal = (type: FileType, extension: string) =>
  type === "custom"
    ? `extension '${extension.replace(/^\.*/, ".").replace(/^\.$/, "")}' is not allowed`
    : `file type '${type}' is not allowed`;

/** The extension and MIME type the server builds the file with, or why it cannot. */
function buildFile(
  mapping: Record<string, unknown>,
  method: string,
  { user, store, remote }: FileCheckContext,
): { extension: string; mimeType: string } | { problem: string } {
  if (method === "local_file") {
    const id = mapping.upload_file_id;
    if (typeof id !== "string" || id === "")
      return { problem: "upload_file_id is required for local_file" };
    const upload = store.getUpload(id);
    // NOTE: another user's upload is reported exactly like a missing one, so ids leak nothing.
    if (!upload || upload.user !== user) return { problem: `upload file '${id}' not found` };
    return { extension: upload.extension, mimeType: upload.mime_type };
  }
  if (method !== "remote_url") return { problem: `transfer method '${method}' is not supported` };
  const url = mapping.url;
  if (typeof url !== "string") return { problem: "url is required for remote_url" };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: "url must be an http or https URL" };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    return { problem: "url must be an http or https URL" };
  return remoteFileFrom(parsed, remote.get(url));
}

// A remote file the server could not fetch; checked after every mapping of an input passed
// validateFileMapping, so the failure names the URL. Returns the failure, or null.
export function remoteFetchFailure(value: unknown, remote: RemoteAnswers): string | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const mapping = value as Record<string, unknown>;
  if (mapping.transfer_method !== "remote_url" || typeof mapping.url !== "string") return null;
  return remote.get(mapping.url)?.failed ? `failed to fetch remote file ${mapping.url}` : null;
}
