import { describe, expect, it } from "vitest";
import { MAX_EXTENSION_LENGTH } from "@/lib/dify/browser-schemas";
import { formSubmissionSchema, humanInputFormSchema } from "@/lib/dify/schemas";
import type { AttachedFile } from "@/lib/fields/attached-file";
import { toSubmissionInputs, type Answers } from "@/lib/form/answers";
import { FORM_API } from "@/lib/form/form-api-contract";
import type { FieldSpec } from "@/lib/fields/field-spec";
import { toFormView } from "@/lib/server/form/load-form-view";

// A property: whatever the page's answer builder makes of any form the wire schema admits, and of
// any answer the page can hold (uploads the upload route took, links of up to 2,048 characters),
// passes the app's submit schema and the upstream request schema unchanged. A seeded generator
// (mulberry32), so a failure names the seed that reproduces it.

function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * (max + 1));
  const pick = <T>(items: readonly T[]): T => items[int(items.length - 1)]!;
  const some = <T>(items: readonly T[]): T[] => items.filter(() => next() < 0.5);
  const chars = "abcXYZ019_-. éあ😀\n\"'\\<>{}";
  const text = (max: number) => Array.from({ length: int(max) }, () => pick([...chars])).join("");
  const word = (min: number, max: number) =>
    Array.from({ length: min + int(max - min) }, () =>
      pick([..."abcdefghijklmnopqrstuvwxyz0123456789"]),
    ).join("");
  return { next, int, pick, some, text, word };
}

// Legal variable names, the ones an object's prototype knows included.
const NAMES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "doc", "a"];
const TYPES = ["image", "document", "audio", "video", "custom"] as const;

function wireForm(r: ReturnType<typeof random>) {
  const names = new Set<string>();
  while (names.size < 1 + r.int(5)) names.add(r.next() < 0.5 ? r.pick(NAMES) : `_${r.word(1, 29)}`);
  const inputs = [...names].map((name) => {
    const files = {
      allowed_file_types: r.some(TYPES),
      allowed_file_extensions: r.some([".pdf", "dotx", ".LOG", `.${r.word(1, 40)}`]),
      allowed_file_upload_methods: r.some(["local_file", "remote_url"]),
    };
    switch (r.int(4)) {
      case 0:
        return {
          type: "paragraph",
          output_variable_name: name,
          default: r.next() < 0.5 ? null : { type: "constant", selector: [], value: r.text(20) },
        };
      case 1:
        return {
          type: "select",
          output_variable_name: name,
          option_source: {
            type: r.pick(["constant", "variable"]),
            selector: [],
            value: Array.from({ length: r.int(4) }, () => r.text(12)),
          },
        };
      case 2:
        return { type: "file", output_variable_name: name, ...files };
      case 3:
        return { type: "file-list", output_variable_name: name, ...files, number_limits: r.int(5) };
      default:
        return { type: "signature", output_variable_name: name };
    }
  });
  return humanInputFormSchema.parse({
    form_content: "",
    inputs,
    resolved_default_values: {},
    user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
  });
}

function attached(r: ReturnType<typeof random>): AttachedFile {
  const type = r.pick(TYPES);
  // Any extension the upload route takes (up to its limit), or none at all.
  const extension =
    r.next() < 0.2 ? "" : `.${r.word(1, r.next() < 0.5 ? 8 : MAX_EXTENSION_LENGTH)}`;
  if (r.next() < 0.5)
    return {
      source: "local",
      uploadFileId: r.word(8, 36),
      name: `${r.word(1, 20)}${extension}`,
      size: r.int(1e6),
      type,
    };
  const url = `https://files.example.com/${r.word(1, 200)}${extension}`.slice(0, 2048);
  return { source: "remote", url, name: r.word(1, 20), type };
}

function answer(r: ReturnType<typeof random>, fields: FieldSpec[]): Answers {
  const answers: Answers = {};
  for (const field of fields) {
    // Answers the page's own checks let through (a file field holds its file, a select with
    // options one of them), defined as own keys whatever their name.
    const value =
      field.kind === "paragraph"
        ? r.text(200)
        : field.kind === "select"
          ? field.options.length > 0
            ? r.pick(field.options)
            : ""
          : field.kind === "file" || field.kind === "file-list"
            ? Array.from({ length: field.kind === "file" ? 1 : r.int(4) }, () => attached(r))
            : "";
    Object.defineProperty(answers, field.name, { value, enumerable: true });
  }
  return answers;
}

describe("what the page sends, the app takes", () => {
  it.each(Array.from({ length: 300 }, (_, i) => i + 1))("seed %i", (seed) => {
    const r = random(seed);
    const form = toFormView("tok", wireForm(r), undefined);
    const inputs = toSubmissionInputs(form.fields, answer(r, form.fields));
    // Every declared input goes, each under its own name.
    expect(Object.keys(inputs).sort()).toEqual(form.fields.map((f) => f.name).sort());
    const sent = JSON.parse(JSON.stringify({ inputs, action: "ok" })) as { inputs: unknown };
    const taken = FORM_API.submit.body.safeParse(sent);
    expect(taken.error).toBeUndefined();
    expect(JSON.stringify(taken.data?.inputs)).toBe(JSON.stringify(sent.inputs));
    const upstream = formSubmissionSchema.safeParse({ ...sent, user: "u" });
    expect(upstream.error).toBeUndefined();
    expect(JSON.stringify(upstream.data?.inputs)).toBe(JSON.stringify(sent.inputs));
  });
});
