import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/security.md is a table of promises, each naming the test that proves it as
// `file` › test name: every one it names must exist, as a test of that name in that file.

const root = path.resolve(import.meta.dirname, "../../..");
const doc = readFileSync(path.join(root, "docs/security.md"), "utf8");

/** Every `file` › name in the table's last column. */
const proofs = doc
  .split("\n")
  .filter(
    (line) => line.startsWith("| ") && !line.startsWith("| Promise") && !line.startsWith("| ---"),
  )
  .map((line) => line.split(" | ").at(-1)!.replace(/ \|$/, ""))
  .map((cell) => /^`([^`]+)` › (.+)$/.exec(cell.trim()));

describe("docs/security.md", () => {
  it("names a test for every promise", () => {
    expect(proofs.length).toBeGreaterThan(40);
    expect(proofs.filter((proof) => proof === null)).toEqual([]);
  });

  it("names only tests that exist, in the files it names", () => {
    const missing = proofs.flatMap((proof) => {
      const [, file, name] = proof!;
      const full = path.join(root, file!);
      if (!existsSync(full)) return [`${file}: no such file`];
      const source = readFileSync(full, "utf8").replace(/\(\s+"/g, '("');
      return source.includes(`("${name}"`) ? [] : [`${file} › ${name}`];
    });
    expect(missing).toEqual([]);
  });
});
