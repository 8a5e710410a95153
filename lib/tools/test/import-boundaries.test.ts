import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint rules that say who may import whom, run on real files of the tree with one import
// added: each line must fail where it is forbidden and pass where it is allowed.
// Only the boundary rule runs, without type information, so the check stays fast on a busy machine.
const RULE = "@typescript-eslint/no-restricted-imports";
const eslint = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function restrictedImports(filePath: string, line: string): Promise<string[]> {
  const source = `${line}\nexport const probe = typeof value;\n`;
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe("import boundaries", () => {
  it("refuses a server module, the upstream client and the embedded service in a component", async () => {
    const file = "components/form/human-input-form.tsx";
    for (const line of [
      'import { env as value } from "@/lib/server/env";',
      'import { difyClient as value } from "@/lib/server/dify/dify-client";',
      'import { startEmbeddedServer as value } from "@/lib/embedded/server";',
      'import "server-only"; const value = 1;',
    ]) {
      expect((await restrictedImports(file, line)).length, line).toBeGreaterThan(0);
    }
  }, 60_000);

  it("refuses server plumbing in shared and browser modules", async () => {
    const line = 'import { env as value } from "@/lib/server/env";';
    expect(await restrictedImports("lib/form/form-draft.ts", line)).toHaveLength(1);
    expect(await restrictedImports("lib/client/api-fetch.ts", line)).toHaveLength(1);
    expect(await restrictedImports("lib/requests/requests-api-contract.ts", line)).toHaveLength(1);
  }, 60_000);

  it("keeps Dify's wire free of the server, types included", async () => {
    for (const line of [
      'import { getEnv as value } from "@/lib/server/env";',
      'import type { DifyClient as value } from "@/lib/server/dify/dify-client";',
    ])
      expect(await restrictedImports("lib/dify/schemas.ts", line), line).toHaveLength(1);
  }, 60_000);

  it("refuses Node's modules (link signing's node:crypto among them) in browser-shared code", async () => {
    const line = 'import { createHmac as value } from "node:crypto";';
    for (const file of [
      "lib/form/form-link.ts",
      "lib/run/run-view.ts",
      "lib/files/file-kinds.ts",
      "lib/fields/field-spec.ts",
      "lib/client/api-fetch.ts",
      "lib/ids/path-ids.ts",
      "components/form/form-screen.tsx",
    ]) {
      expect(await restrictedImports(file, line), file).toHaveLength(1);
    }
    expect(await restrictedImports("lib/server/form/signed-form-link.ts", line)).toHaveLength(0);
  }, 60_000);

  it("keeps the embedded service apart from the app's plumbing", async () => {
    const line = 'import { env as value } from "@/lib/server/env";';
    expect(await restrictedImports("lib/embedded/store.ts", line)).toHaveLength(1);
    const pure = 'import { isKnownFormInput as value } from "@/lib/dify/schemas";';
    expect(await restrictedImports("lib/embedded/store.ts", pure)).toHaveLength(0);
  }, 60_000);

  it("keeps the app's file types out of the embedded service, types included", async () => {
    for (const line of [
      'import { detectFileType as value } from "@/lib/files/detect-file-type";',
      'import type { UploadLimits as value } from "@/lib/files/size-limits";',
    ])
      expect(await restrictedImports("lib/embedded/store.ts", line), line).toHaveLength(1);
  }, 60_000);

  it("lets server code and routes use the server modules, and no app code use the tools", async () => {
    const line = 'import { env as value } from "@/lib/server/env";';
    expect(await restrictedImports("app/api/health/route.ts", line)).toHaveLength(0);
    const tool = 'import { parseArgs as value } from "@/lib/tools/cli/parse-args";';
    expect(await restrictedImports("lib/server/env.ts", tool)).toHaveLength(1);
  }, 60_000);

  it("refuses Next's internals everywhere, as an import or a private variable", async () => {
    const internal =
      'import { ensureInstrumentationRegistered as value } from "next/dist/server/lib/router-utils/instrumentation-globals.external.js";';
    for (const file of ["lib/server/route-handler.ts", "lib/tools/cli/demo.ts", "proxy.ts"]) {
      expect(await restrictedImports(file, internal), file).toHaveLength(1);
    }
    const [dynamic] = await new ESLint({
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false, project: null } },
      },
      ruleFilter: ({ ruleId }) => ruleId === "no-restricted-syntax",
    }).lintText(
      'export const value = import("next/dist/server/next.js");\nprocess.env.__NEXT_PRIVATE_STANDALONE_CONFIG = "{}";\n',
      { filePath: "lib/tools/cli/demo.ts" },
    );
    expect(dynamic?.messages.map((m) => m.ruleId)).toEqual([
      "no-restricted-syntax",
      "no-restricted-syntax",
    ]);
  }, 60_000);

  it("allows type-only imports, which leave nothing in the bundle", async () => {
    const line = 'import type { AppEnv as value } from "@/lib/server/env-schema";';
    expect(await restrictedImports("components/form/human-input-form.tsx", line)).toHaveLength(0);
  }, 60_000);
});
