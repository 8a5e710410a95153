import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// What the form page's first load may hold: every module the browser gets with the page is one a
// "use client" module reaches by static imports (type-only imports leave nothing; `import()` loads
// later). zod and the resolver that brings it, the SSE parser and the diff library must not be
// among them: each is first used after the page is in the browser, and loads then. Nor the file
// field's own packages (the drop zone, the upload queue): the field is a chunk of its own.

const ROOT = path.resolve(__dirname, "../..");
const PAGE_ROOTS = ["app/layout.tsx", "app/error.tsx", "app/form/[token]/page.tsx"];
const LATER = [
  "zod",
  "@hookform/resolvers",
  "eventsource-parser",
  "diff",
  "react-dropzone",
  "p-limit",
];
const LATER_FILES = ["components/files/file-field.tsx", "lib/files/detect-file-type.ts"];

function resolveModule(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return null;
  for (const suffix of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const file = base + suffix;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** The static, value-carrying imports and re-exports of a file, and whether it is "use client". */
function readModule(file: string): { client: boolean; specifiers: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const first = source.statements[0];
  const client =
    first !== undefined &&
    ts.isExpressionStatement(first) &&
    ts.isStringLiteral(first.expression) &&
    first.expression.text === "use client";
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        !clause.name &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly))
        continue;
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return { client, specifiers };
}

/** Each package and file the browser's first load of the page reaches, with the chain to it. */
function firstLoad(): { packages: Map<string, string[]>; files: Map<string, string[]> } {
  const packages = new Map<string, string[]>();
  const files = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: { file: string; inClient: boolean; chain: string[] }[] = PAGE_ROOTS.map((file) => ({
    file: path.join(ROOT, file),
    inClient: false,
    chain: [file],
  }));
  while (queue.length > 0) {
    const { file, inClient: parentInClient, chain } = queue.shift()!;
    const { client, specifiers } = readModule(file);
    const inClient = parentInClient || client;
    if (inClient) files.set(path.relative(ROOT, file), chain);
    const key = `${file}:${inClient}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const specifier of specifiers) {
      const next = resolveModule(file, specifier);
      if (next) {
        queue.push({ file: next, inClient, chain: [...chain, path.relative(ROOT, next)] });
      } else if (inClient && !specifier.startsWith("@/") && !specifier.startsWith(".")) {
        const name = specifier.startsWith("@")
          ? specifier.split("/").slice(0, 2).join("/")
          : specifier.split("/")[0]!;
        if (!packages.has(name)) packages.set(name, [...chain, specifier]);
      }
    }
  }
  return { packages, files };
}

describe("the form page's first load", () => {
  const { packages, files } = firstLoad();

  it("holds the page's own client code", () => {
    // The walk finds what the page draws with: a check on the check.
    expect([...packages.keys()]).toEqual(
      expect.arrayContaining(["react", "react-hook-form", "@tanstack/react-query", "next-intl"]),
    );
  });

  it.each(LATER)("does without %s, which loads after the page is in the browser", (name) => {
    expect(packages.get(name)?.join(" → ") ?? null).toBeNull();
  });

  it.each(LATER_FILES)("does without %s, which only a file field loads", (file) => {
    expect(files.has("components/fields/field-control.tsx")).toBe(true);
    expect(files.get(file)?.join(" → ") ?? null).toBeNull();
  });
});
