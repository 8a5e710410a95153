import { afterEach, vi } from "vitest";
import { EMBEDDED_KEYS, EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";

// Server modules read the environment as the demo starts the app: the embedded service's key and
// link secret (the app knows no demo credential of its own). A test may stub others.
process.env.DIFY_API_BASE ??= "http://127.0.0.1:5001/v1";
process.env.DIFY_APP_API_KEY ??= EMBEDDED_KEYS.workflowApp;
process.env.FORM_LINK_SECRET ??= EMBEDDED_LINK_SECRET;

// `server-only` throws outside a React Server environment; unit tests import server modules directly.
vi.mock("server-only", () => ({}));

// An unexpected console.error is a failing test, not noise.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(
      `Unexpected console.error: ${seen.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
