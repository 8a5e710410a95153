import { afterEach, vi } from "vitest";

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
