// ESLint flat config: Next's rules, type-checked TypeScript rules, Prettier last.
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "public/**",
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({
    ...config,
    files: ["**/*.ts", "**/*.tsx"],
  })),
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { attributes: false } },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ["e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  // Who may import whom (see README, "Project structure"). Type-only imports are free: they
  // leave nothing in the bundle.
  ...importBoundaries(),
  prettier,
);

function importBoundaries() {
  const server = {
    group: ["@/lib/server/*", "@/lib/server/**", "server-only"],
    message: "Server modules never reach the browser: pass data down from a server file.",
  };
  const upstream = {
    group: ["@/lib/dify/dify-client"],
    message: "Only server code calls the upstream.",
  };
  const wire = {
    // One exception: reading which field Dify's own refusal text names (no wire shape involved).
    group: ["@/lib/dify/*", "@/lib/dify/**", "!@/lib/dify/submission-error-field"],
    message: "Components render the app's own view models, not Dify's wire shapes.",
  };
  const embedded = {
    group: ["@/lib/embedded/*", "@/lib/embedded/**"],
    message: "The embedded service is a separate process: talk to it over HTTP.",
  };
  const tools = {
    group: ["@/lib/tools/*", "@/lib/tools/**"],
    message: "Tools (bench, CLI, test helpers) are not part of the app.",
  };
  const components = {
    group: ["@/components/*", "@/components/**"],
    message: "Logic does not import UI.",
  };
  const app = { group: ["@/app/*", "@/app/**"], message: "Nothing imports routing files." };
  // zod's classic API ships whole to the browser (about 30 kB gzip); zod/mini is tree-shaken.
  // The knowledge page still uses it (not a budgeted page); server code may.
  const classicZod = {
    regex: "^zod(/v4)?$",
    message: 'Code that reaches the browser uses zod/mini: import * as z from "zod/mini".',
  };
  const rule = (...patterns) => ({
    "no-restricted-imports": "off",
    "@typescript-eslint/no-restricted-imports": [
      "error",
      { patterns: patterns.map((p) => ({ allowTypeImports: true, ...p })) },
    ],
  });
  const knowledge = ["lib/knowledge/**", "components/knowledge/**"];
  const shared = [
    "lib/client/**",
    "lib/errors/**",
    "lib/embed/**",
    "lib/fields/**",
    "lib/files/**",
    "lib/form/**",
    "lib/i18n/**",
    "lib/knowledge/**",
    "lib/launcher/**",
    "lib/markdown/**",
    "lib/run/**",
  ];
  return [
    {
      files: ["components/**"],
      ignores: knowledge,
      rules: rule(server, upstream, wire, embedded, tools, app, classicZod),
    },
    {
      files: ["components/knowledge/**"],
      rules: rule(server, upstream, wire, embedded, tools, app),
    },
    {
      files: shared,
      ignores: ["**/*.test.ts", "lib/i18n/request.ts", ...knowledge],
      rules: rule(server, upstream, embedded, tools, components, app, classicZod),
    },
    {
      files: ["lib/knowledge/**"],
      ignores: ["**/*.test.ts"],
      rules: rule(server, upstream, embedded, tools, components, app),
    },
    {
      files: ["lib/server/**", "lib/dify/**", "app/**", "proxy.ts"],
      ignores: ["**/*.test.ts", "lib/server/env-schema.ts"],
      rules: rule(embedded, tools),
    },
    {
      // The embedded service stands in for Dify: it shares pure helpers, never the app's plumbing.
      files: ["lib/embedded/**"],
      ignores: ["**/*.test.ts"],
      rules: rule(
        server,
        upstream,
        tools,
        components,
        app,
        {
          group: [
            "@/lib/client/**",
            "@/lib/form/**",
            "@/lib/run/**",
            "@/lib/launcher/**",
            "@/lib/knowledge/**",
          ],
          message: "The embedded service knows Dify's wire, not the app.",
        },
        {
          // Its file types are a server's, written apart so the app's can disagree with them.
          group: ["@/lib/files/*", "@/lib/files/**"],
          allowTypeImports: false,
          message:
            "The embedded service types files as a server does (lib/embedded/file-types.ts).",
        },
      ),
    },
  ];
}
