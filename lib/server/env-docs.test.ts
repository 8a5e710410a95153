import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES } from "@/lib/server/env-schema";

// The schema declares each variable; .env.example and the table in docs/configuration.md say what
// it is for. Every variable in all three, nothing documented that the schema does not read.

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe("configuration documents", () => {
  const schema = sorted(ENV_VARIABLES);

  it(".env.example names every variable of the schema, and no other", () => {
    const names = read(".env.example").matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm);
    expect(sorted(Array.from(names, (match) => match[1]!))).toEqual(schema);
  });

  it("docs/configuration.md has a row for every variable of the schema, and no other", () => {
    const rows = read("docs/configuration.md").matchAll(/^\| `([A-Z][A-Z0-9_]+)` +\|/gm);
    expect(sorted(Array.from(rows, (match) => match[1]!))).toEqual(schema);
  });
});
