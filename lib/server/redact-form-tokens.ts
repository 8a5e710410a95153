import "server-only";

// NOTE: a link opens its own form only (unless it is run-scoped, and then the server mints the
// next link itself): no other form's token may reach the browser. This filter sits in the events
// relay. It passes every event through byte for byte, except the rare ones whose bytes could name
// `form_token` (the word itself, or a JSON escape of one of its letters): those are parsed, every
// `form_token` other than the link's own becomes null (wherever it sits:
// human_input_required.data, workflow_paused.data.reasons[], a node's outputs, ...), and the event
// is written back as one `data:` line. Events are released whole, at their blank line, so a token
// split across network chunks is still seen. The check is a byte search: an event that cannot
// carry a token (text_chunk, pings, most node events) is never decoded or parsed.

const MARK = Buffer.from("form_token");
const ESCAPE = Buffer.from("\\u00");
// A `\u00XX` escape of a letter of `form_token` (`\u005f` for `_`): no encoder writes one for
// ASCII letters, yet JSON.parse would read the key as `form_token`, so such an event is parsed too.
const ESCAPED_MARK_LETTER = /\\u00(?:66|6[fF]|72|6[dD]|5[fF]|74|6[bB]|65|6[eE])/;
// Blank lines that end an SSE event, for the line endings servers use (LF, CRLF, CR).
const BOUNDARIES = ["\n\n", "\r\n\r\n", "\n\r\n", "\r\r"].map((b) => Buffer.from(b));
const BOUNDARY_TEXT = /(\r\n\r\n|\n\r\n|\n\n|\r\r)/;
const MAX_DEPTH = 32;
const EMPTY = new Uint8Array(0);
const NOTHING_HELD = Buffer.alloc(0);

/** True when the bytes could hold a `form_token` key; false means they certainly cannot. */
function mayNameToken(bytes: Buffer): boolean {
  if (bytes.indexOf(MARK) !== -1) return true;
  return bytes.indexOf(ESCAPE) !== -1 && ESCAPED_MARK_LETTER.test(bytes.toString("latin1"));
}

const mayNameTokenText = (text: string) =>
  text.includes("form_token") || ESCAPED_MARK_LETTER.test(text);

/** The bytes end with a blank line (LF, CRLF or CR endings): every event in them is whole. */
function endsAtBoundary(bytes: Buffer): boolean {
  const n = bytes.length;
  const last = bytes[n - 1];
  const before = bytes[n - 2];
  if (last === 0x0a) return before === 0x0a || (before === 0x0d && bytes[n - 3] === 0x0a);
  return last === 0x0d && before === 0x0d;
}

/** Index just past the last complete event in `bytes`, 0 when there is none. */
function completeUpTo(bytes: Buffer): number {
  let end = 0;
  for (const boundary of BOUNDARIES) {
    const at = bytes.lastIndexOf(boundary);
    if (at !== -1) end = Math.max(end, at + boundary.length);
  }
  return end;
}

/** Replaces foreign tokens in place; true when anything changed. */
function redact(value: unknown, ownToken: string, depth = 0): boolean {
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return false;
  let changed = false;
  if (Array.isArray(value)) {
    for (const item of value) changed = redact(item, ownToken, depth + 1) || changed;
    return changed;
  }
  const record = value as Record<string, unknown>;
  for (const [key, item] of Object.entries(record)) {
    if (key === "form_token") {
      if (item !== null && item !== ownToken) {
        record[key] = null;
        changed = true;
      }
    } else {
      changed = redact(item, ownToken, depth + 1) || changed;
    }
  }
  return changed;
}

/** One event's text, rewritten when it carries a foreign token; null drops it (unreadable). */
function rewriteEvent(block: string, ownToken: string): string | null {
  if (!mayNameTokenText(block)) return block;
  const lines = block.split(/\r\n|\r|\n/);
  const data = lines.filter((line) => line.startsWith("data:"));
  if (data.length === 0) return block;
  let json: unknown;
  try {
    json = JSON.parse(data.map((line) => line.slice(5).replace(/^ /, "")).join("\n"));
  } catch {
    // Not JSON, yet it names form_token: the browser would skip it anyway; fail closed.
    return null;
  }
  if (!redact(json, ownToken)) return block;
  const others = lines.filter((line) => !line.startsWith("data:"));
  return [...others, `data: ${JSON.stringify(json)}`].join("\n");
}

function rewrite(complete: Buffer, ownToken: string): Uint8Array {
  const parts = complete.toString("utf8").split(BOUNDARY_TEXT);
  let out = "";
  // parts alternate: event text, its boundary, event text, ... (the last text is empty).
  for (let i = 0; i < parts.length; i += 2) {
    const block = parts[i] ?? "";
    const boundary = parts[i + 1] ?? "";
    const kept = rewriteEvent(block, ownToken);
    if (kept !== null) out += kept + boundary;
  }
  return Buffer.from(out, "utf8");
}

/**
 * A stateful filter for one stream: feed it each upstream chunk, send on what it returns (whole
 * events; an incomplete tail waits for the next chunk), and call `flush` at the end.
 */
export function createFormTokenRedactor(ownToken: string) {
  let pending: Buffer = NOTHING_HELD;
  return {
    push(chunk: Uint8Array): Uint8Array {
      // The relay hands it undici's own Buffers; a plain Uint8Array is viewed, not copied.
      const view = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      // The usual chunk: whole events (the upstream writes one per event), nothing held.
      if (pending.length === 0 && endsAtBoundary(view)) {
        return mayNameToken(view) ? rewrite(view, ownToken) : view;
      }
      const bytes = pending.length ? Buffer.concat([pending, view]) : view;
      const end = completeUpTo(bytes);
      // Copied, so a held tail does not pin the whole upstream chunk.
      pending = end === bytes.length ? NOTHING_HELD : Buffer.from(bytes.subarray(end));
      if (end === 0) return EMPTY;
      const complete = bytes.subarray(0, end);
      return mayNameToken(complete) ? rewrite(complete, ownToken) : complete;
    },
    /** What is left when the upstream ends: an unfinished event, filtered the same way. */
    flush(): Uint8Array {
      const rest = pending;
      pending = NOTHING_HELD;
      if (rest.length === 0 || !mayNameToken(rest)) return rest;
      const kept = rewriteEvent(rest.toString("utf8"), ownToken);
      return kept === null ? EMPTY : Buffer.from(kept, "utf8");
    },
  };
}
