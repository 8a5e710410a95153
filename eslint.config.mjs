// ESLint flat config: Next's rules, type-checked TypeScript rules, Prettier last.
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier";
import tseslint from "typescript-eslint";

const NEXT_INTERNALS =
  "Public, documented Next APIs only: next/dist and __NEXT_PRIVATE_* are Next's internals.";

export default tseslint.config(
  {
    ignores: [
      "**/.next/**",
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
    rules: {
      "react-hooks/rules-of-hooks": "off",
      // The stories share a reused browser context, whose reset keeps these: a story that needs
      // one makes its own context with the option set (browser.newContext({ permissions })).
      "no-restricted-properties": [
        "error",
        ...["grantPermissions", "setOffline", "setExtraHTTPHeaders", "setGeolocation"].map(
          (property) => ({
            property,
            message: "A reused context keeps this: set it on a context of the story's own.",
          }),
        ),
      ],
    },
  },
  {
    // Public, documented Next APIs only: Next's internals move between releases.
    files: ["**/*.ts", "**/*.tsx", "**/*.mjs"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression[source.value=/^next\\u002Fdist/]",
          message: NEXT_INTERNALS,
        },
        {
          selector: "CallExpression[callee.name='require'][arguments.0.value=/^next\\u002Fdist/]",
          message: NEXT_INTERNALS,
        },
        { selector: "Literal[value=/^__NEXT_PRIVATE_/]", message: NEXT_INTERNALS },
        { selector: "Identifier[name=/^__NEXT_PRIVATE_/]", message: NEXT_INTERNALS },
      ],
    },
  },
  // Who may import whom (see README, "Project structure"). Type-only imports are free: they
  // leave nothing in the bundle.
  ...importBoundaries(),
  prettier,
);

function importBoundaries() {
  const nextInternals = { group: ["next/dist", "next/dist/**"], message: NEXT_INTERNALS };
  const server = {
    group: ["@/lib/server/*", "@/lib/server/**", "server-only"],
    message: "Server modules never reach the browser: pass data down from a server file.",
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
  const nodeOnly = {
    group: ["node:*", "crypto", "fs", "http", "stream"],
    message: "Code that reaches the browser uses no Node module (link signing is lib/server's).",
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
      {
        patterns: [
          ...patterns.map((p) => ({ allowTypeImports: true, ...p })),
          // Not even for types: a type of Next's internals ties the code to them too.
          nextInternals,
        ],
      },
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
    "lib/ids/**",
    "lib/inbox/**",
    "lib/knowledge/**",
    "lib/launcher/**",
    "lib/markdown/**",
    "lib/requests/**",
    "lib/routes/**",
    "lib/run/**",
  ];
  return [
    // Every file: no import of Next's internals (the blocks below add their own boundaries).
    { files: ["**/*.ts", "**/*.tsx", "**/*.mjs"], rules: rule() },
    {
      files: ["components/**"],
      ignores: knowledge,
      rules: rule(server, wire, embedded, tools, app, classicZod, nodeOnly),
    },
    {
      files: ["components/knowledge/**"],
      rules: rule(server, wire, embedded, tools, app, nodeOnly),
    },
    {
      files: shared,
      ignores: ["**/*.test.ts", "lib/i18n/request.ts", ...knowledge],
      rules: rule(server, embedded, tools, components, app, classicZod, nodeOnly),
    },
    {
      files: ["lib/knowledge/**"],
      ignores: ["**/*.test.ts"],
      rules: rule(server, embedded, tools, components, app, nodeOnly),
    },
    {
      // Dify's wire, as the browser may load it: the server's client lives in lib/server.
      files: ["lib/dify/**"],
      ignores: ["**/*.test.ts"],
      rules: rule({ ...server, allowTypeImports: false }, embedded, tools, components, app),
    },
    {
      files: ["lib/server/**", "proxy.ts"],
      ignores: ["**/*.test.ts"],
      rules: rule(embedded, tools),
    },
    {
      files: ["app/**"],
      ignores: ["**/*.test.ts"],
      rules: rule(embedded, tools, {
        group: ["@/lib/server/dify/*"],
        message: "A route calls its feature in lib/server, which calls the Dify client.",
      }),
    },
    {
      // The embedded service stands in for Dify: it shares pure helpers, never the app's plumbing.
      files: ["lib/embedded/**"],
      ignores: ["**/*.test.ts"],
      rules: rule(
        server,
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
