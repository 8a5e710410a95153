import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The house's shape, checked where a change would quietly erode it: a README a newcomer reads in
// minutes, a lib/server root that stays plumbing (features go in folders), docs whose links lead
// somewhere, and a test command that checks formatting.
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

const README_MAX_LINES = 200;
const SERVER_ROOT_MAX_FILES = 10;

/** Lines of a text, a last line without a line break counted too. */
function lineCount(text: string): number {
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** Files of a folder that are code but not tests. */
function codeFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => entry.name);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-");
}

function anchorsIn(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

/** Relative links of a Markdown file (outside code) whose file or heading is not there. */
function brokenLinks(
  file: string,
  markdown: string,
  exists = (target: string) => existsSync(target),
): string[] {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
  const broken: string[] = [];
  for (const [, target] of withoutCode.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue;
    const [targetPath, anchor] = target!.split("#") as [string, string | undefined];
    if (!targetPath) {
      if (!anchorsIn(markdown).has(anchor!)) broken.push(target!);
      continue;
    }
    const resolved = path.join(ROOT, path.dirname(file), decodeURI(targetPath));
    if (!exists(resolved)) {
      broken.push(target!);
    } else if (
      anchor &&
      resolved.endsWith(".md") &&
      !anchorsIn(readFileSync(resolved, "utf8")).has(anchor)
    ) {
      broken.push(target!);
    }
  }
  return broken;
}

describe("house rules", () => {
  it(`keeps the README within ${README_MAX_LINES} lines`, () => {
    expect(lineCount(read("README.md"))).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it(`keeps at most ${SERVER_ROOT_MAX_FILES} files in lib/server's root (features go in folders)`, () => {
    expect(codeFiles("lib/server").length, codeFiles("lib/server").join(", ")).toBeLessThanOrEqual(
      SERVER_ROOT_MAX_FILES,
    );
  });

  it("runs the static checks and unit tests side by side, then the build, then e2e, as npm test", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts["format:check"]).toBe("prettier --check .");
    // The runner prints each step's time and the whole at the end.
    expect(scripts.test).toBe("tsx lib/tools/cli/run-suite.ts");
    const phases = /const PHASES = (\[[\s\S]*?\n\]);/.exec(read("lib/tools/cli/run-suite.ts"))?.[1];
    expect(JSON.parse((phases ?? "[]").replace(/,(\s*\])/g, "$1"))).toEqual([
      ["typegen"],
      ["lint", "typecheck", "format:check", "test:unit"],
      ["build"],
      ["test:e2e"],
    ]);
    expect(read(".ci/run")).toMatch(/^npm test$/m);
  });

  it("finds broken links and headings in Markdown", () => {
    const markdown = [
      "# Title",
      "## A section, here",
      "[ok](#a-section-here) [gone](#elsewhere) [file](README.md) [none](missing.md)",
      "[web](https://example.com) `[code](nowhere.md)`",
    ].join("\n");
    expect(brokenLinks("probe.md", markdown)).toEqual(["#elsewhere", "missing.md"]);
  });

  it("keeps every link of the README and docs/ leading to a file and heading that exist", () => {
    const files = execFileSync(
      "git",
      [
        "ls-files",
        "--cached",
        "--others",
        "--exclude-standard",
        "--",
        "README.md",
        "docs/*.md",
        "docs/**/*.md",
        "bench-results/*.md",
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
      },
    )
      .split("\n")
      .filter((file) => file && existsSync(path.join(ROOT, file)));
    expect(files).toContain("docs/decisions/README.md");
    const broken = files.flatMap((file) =>
      brokenLinks(file, read(file), existsSync).map((target) => `${file}: ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
