import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Comments are read by whoever changes the code next, long after the change that wrote them: a
// path they name must still exist, and they state a reason, not a rank ("the one X") or a history
// (an issue number, "as before").
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** Tracked TypeScript files under the given pathspecs, relative to the repository's root. */
function sourceFiles(...pathspecs: string[]): string[] {
  const out = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...pathspecs],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  return out
    .split("\n")
    .filter((file) => /\.(ts|tsx|mts)$/.test(file) && existsSync(path.join(ROOT, file)));
}

type Comment = { file: string; line: number; pos: number; text: string };

/** Every line and block comment of a file, found by TypeScript's parser (so none inside a string). */
function commentsOf(file: string, source: string): Comment[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const seen = new Set<number>();
  const comments: Comment[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      const line = sourceFile.getLineAndCharacterOfPosition(range.pos).line + 1;
      comments.push({ file, line, pos: range.pos, text: source.slice(range.pos, range.end) });
    }
  };
  // Every comment follows a node's start or end, or the opening brace of a block or a JSX
  // expression (`{/* … */}`); reading from those places finds each without building tokens.
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(source, node.pos));
    collect(ts.getTrailingCommentRanges(source, node.end));
    collect(ts.getLeadingCommentRanges(source, node.end));
    if (ts.isBlock(node) || ts.isJsxExpression(node) || ts.isObjectLiteralExpression(node)) {
      const opening = node.getStart(sourceFile) + 1;
      collect(ts.getTrailingCommentRanges(source, opening));
      collect(ts.getLeadingCommentRanges(source, opening));
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return comments.sort((a, b) => a.pos - b.pos);
}

const parsed = new Map<string, Comment[]>();

function commentsUnder(...pathspecs: string[]): Comment[] {
  return sourceFiles(...pathspecs).flatMap((file) => {
    if (!parsed.has(file))
      parsed.set(file, commentsOf(file, readFileSync(path.join(ROOT, file), "utf8")));
    return parsed.get(file)!;
  });
}

// A repository path: one of the tree's top folders, then segments; not part of a URL or a longer
// path (nothing path-like just before it).
const PATH_TOKEN =
  /(?<![\w./@-])(?:@\/)?((?:app|components|lib|e2e|docs|public|bench-results)\/[\w.\-[\]/*{}]*[\w\]*}])/g;

/** The part of a named path that must exist: up to its first wildcard or placeholder segment. */
function existingPart(token: string): string {
  const segments = token.split("/");
  const fixed = segments.findIndex(
    (segment) => /[*{}]|^\[/.test(segment) && !/^\[[\w.]+\]$/.test(segment),
  );
  return (fixed === -1 ? segments : segments.slice(0, fixed)).join("/");
}

function pathExists(token: string): boolean {
  const candidate = path.join(ROOT, existingPart(token));
  return [candidate, `${candidate}.ts`, `${candidate}.tsx`].some((file) => existsSync(file));
}

/** Paths a comment names that are not in the tree. */
function missingPaths(text: string, exists: (token: string) => boolean = pathExists): string[] {
  return [...text.matchAll(PATH_TOKEN)].map((match) => match[1]!).filter((token) => !exists(token));
}

// "The one X" ranks a thing instead of saying why it is there; an issue number or a history
// ("as before", "since round 3") means nothing to a reader without the tracker or the log.
const CLAIMS: { rule: string; pattern: RegExp }[] = [
  { rule: "a 'the one X' claim", pattern: /\b(?:the|one) one\b/i },
  {
    rule: "an issue number",
    pattern: /\b(?:issue|round|PR|pull request)s? #?\d+|(?<![\w&/])#\d{2,}\b/i,
  },
  { rule: "a history", pattern: /\bas before\b|\bsince (?:round|issue)\b|\bused to\b/i },
];

/** The rules a comment breaks. */
function claimsIn(text: string): string[] {
  return CLAIMS.filter(({ pattern }) => pattern.test(text)).map(({ rule }) => rule);
}

const where = ({ file, line }: Comment) => `${file}:${line}`;

describe("comments", () => {
  it("finds comments and the paths and claims in them, not strings", () => {
    const source = [
      'const url = "lib/not/here.ts"; // names lib/not/here.ts',
      "/* see docs/missing.md and lib/server */ function f() { /* an empty body, lib/gone */ }",
      "// the one reader, since issue 12, #42103, as before",
    ].join("\n");
    const comments = commentsOf("probe.ts", source);
    expect(comments.map((comment) => comment.line)).toEqual([1, 2, 2, 3]);
    expect(comments.flatMap((comment) => missingPaths(comment.text))).toEqual([
      "lib/not/here.ts",
      "docs/missing.md",
      "lib/gone",
    ]);
    expect(claimsIn(comments[3]!.text)).toEqual([
      "a 'the one X' claim",
      "an issue number",
      "a history",
    ]);
    expect(
      missingPaths("// https://github.com/o/r/blob/main/lib/x.ts and app/api/[...path]/route.ts"),
    ).toEqual([]);
    expect(
      missingPaths("// lib/dify/openapi/contract-*.test.ts, lib/fields, lib/nowhere/*.ts"),
    ).toEqual(["lib/nowhere/*.ts"]);
  });

  it("name only paths that exist (app, components, lib, e2e, proxy.ts)", () => {
    const stale = commentsUnder("app", "components", "lib", "e2e", "proxy.ts").flatMap((comment) =>
      missingPaths(comment.text).map((token) => `${where(comment)} ${token}`),
    );
    expect(stale).toEqual([]);
  }, 120_000);

  it("say why, without 'the one X', issue numbers or history, in product code", () => {
    const broken = commentsUnder(
      "app",
      "components",
      "lib",
      "proxy.ts",
      ":!lib/embedded",
      ":!lib/tools",
    ).flatMap((comment) => claimsIn(comment.text).map((rule) => `${where(comment)} ${rule}`));
    expect(broken).toEqual([]);
  }, 120_000);
});
