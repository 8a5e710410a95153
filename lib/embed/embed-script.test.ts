import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { EmbedMessage } from "@/lib/embed/embed-protocol";
import type { HumanInputEvent } from "@/public/embed.d.ts";

// public/embed.js is served as it is written (no build step), so its size is checked here.

const script = readFileSync(join(__dirname, "..", "..", "public", "embed.js"));

// The published declarations describe every message the app sends (checked by tsc).
const sameEvents: [EmbedMessage] extends [HumanInputEvent]
  ? [HumanInputEvent] extends [EmbedMessage]
    ? true
    : false
  : false = true;

describe("public/embed.js", () => {
  it("stays within 4 kB gzip", () => {
    expect(gzipSync(script, { level: 9 }).length).toBeLessThanOrEqual(4 * 1024);
  });

  it("is a plain script with no imports", () => {
    expect(sameEvents).toBe(true);
    expect(script.toString()).not.toMatch(/^\s*(import|export)\s/m);
  });
});
