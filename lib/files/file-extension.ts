// A file's extension as a server stores it, kept apart from the type tables so that the form's
// first load (which maps answers to the wire) does without them.

/** The extension an upload is stored with: after the last dot, lower case, no dot ("" if none). */
export function uploadExtensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** The extension of a URL path's last segment, lower case, no dot ("" if none). */
export function remoteExtensionOf(url: string): string {
  try {
    const last = new URL(url).pathname.split("/").filter(Boolean).pop() ?? "";
    return uploadExtensionOf(decodeURIComponent(last));
  } catch {
    return "";
  }
}
