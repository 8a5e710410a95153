import { readFileSync } from "node:fs";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";

// Validates wire values against Dify's published OpenAPI description (vendored beside this file)
// with Ajv. Test code only: the app never loads the description.
//
// Two rules on top of the description, both about drift (decision 006):
// - OpenAPI 3.0 `nullable` becomes JSON Schema's `type: [..., "null"]`; `discriminator` and
//   `format` are left to the description's readers (ids need not be UUIDs here).
// - The description marks almost nothing `required`, so a missing field would pass. Every
//   property it documents on a body's top level and on its `data` object must be present, unless
//   the case lists it as `absent` (with the reason beside it in the table).

type Json = unknown;
type JsonObject = Record<string, Json>;

const SPEC_ID = "dify-openapi.json";

const isObject = (value: Json): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// OpenAPI 3.0 schema objects → JSON Schema (draft-07, Ajv's default), recursively.
function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "discriminator" || key === "example" || key === "nullable") continue;
    // The description's `oneOf` alternatives require no keys, so any object matches them all
    // and its own examples fail `oneOf`: read it as the `anyOf` it means.
    out[key === "oneOf" ? "anyOf" : key] = toJsonSchema(value);
  }
  if (node.nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as Json[]), null];
    if (typeof out.$ref === "string") {
      const ref = out.$ref;
      delete out.$ref;
      out.anyOf = [{ $ref: ref }, { type: "null" }];
    }
  }
  return out;
}

function loadSpec(): JsonObject {
  const text = readFileSync(
    new URL("../../dify/openapi/openapi_service.json", import.meta.url),
    "utf8",
  );
  return JSON.parse(text) as JsonObject;
}

export const openapiSpec = loadSpec();
const jsonSchemaSpec = toJsonSchema(openapiSpec) as JsonObject;

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(jsonSchemaSpec, SPEC_ID);

function at(pointer: string): Json {
  let node: Json = jsonSchemaSpec;
  for (const raw of pointer.replace(/^#\//, "").split("/")) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) || !(part in node)) throw new Error(`no ${pointer} in the description`);
    node = node[part];
  }
  return node;
}

const pointerOf = (...parts: string[]): string =>
  `#/${parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;

// The properties a schema documents, through $ref and allOf.
function documented(schema: Json, seen = new Set<string>()): Map<string, Json> {
  const found = new Map<string, Json>();
  if (!isObject(schema)) return found;
  if (typeof schema.$ref === "string") {
    const pointer = schema.$ref.replace(/^[^#]*#/, "#");
    if (seen.has(pointer)) return found;
    seen.add(pointer);
    return documented(at(pointer), seen);
  }
  if (isObject(schema.properties))
    for (const [name, value] of Object.entries(schema.properties)) found.set(name, value);
  if (Array.isArray(schema.allOf))
    for (const part of schema.allOf)
      for (const [name, value] of documented(part, seen))
        if (!found.has(name)) found.set(name, value);
  return found;
}

/** Where a schema sits in the description: a JSON pointer into it. */
export type SchemaPointer = string;

/** The JSON schema of an operation's answer. Errors document no schema, only examples: for
 * those, a schema is made from the examples: `{status: <that status>, code: <a documented
 * code>, message: string}`, all three required. */
export function responseSchema(method: string, path: string, status: number): SchemaPointer {
  const responses = at(pointerOf("paths", path, method.toLowerCase(), "responses"));
  if (!isObject(responses) || !isObject(responses[String(status)]))
    throw new Error(`${method} ${path} documents no ${status} answer`);
  const content = at(pointerOf("paths", path, method.toLowerCase(), "responses", String(status)));
  const json =
    isObject(content) && isObject(content.content)
      ? content.content["application/json"]
      : undefined;
  if (isObject(json) && isObject(json.schema))
    return pointerOf(
      "paths",
      path,
      method.toLowerCase(),
      "responses",
      String(status),
      "content",
      "application/json",
      "schema",
    );
  const codes =
    isObject(json) && isObject(json.examples)
      ? Object.values(json.examples).flatMap((example) =>
          isObject(example) && isObject(example.value) && typeof example.value.code === "string"
            ? [example.value.code]
            : [],
        )
      : [];
  if (codes.length === 0) throw new Error(`${method} ${path} ${status}: no schema and no example`);
  const id = `error-${method}-${path.replace(/[^A-Za-z0-9_]+/g, "_")}-${status}`;
  if (!ajv.getSchema(id)) {
    ajv.addSchema(
      {
        type: "object",
        required: ["status", "code", "message"],
        properties: {
          status: { const: status },
          code: { enum: [...new Set(codes)] },
          message: { type: "string" },
        },
      },
      id,
    );
  }
  return id;
}

/** The `components.schemas` schema of a stream event, by the stream's kind of app and event. */
export function eventSchema(app: "workflow" | "chatflow", event: string): SchemaPointer {
  // Dify maps event names to schemas in the discriminators of these two base schemas.
  const base = app === "workflow" ? "ChunkWorkflowEvent" : "ChunkChatEvent";
  const mapping = (openapiSpec.components as { schemas: Record<string, JsonObject> }).schemas[base]
    ?.discriminator as { mapping: Record<string, string> } | undefined;
  const ref = mapping?.mapping[event];
  if (!ref) throw new Error(`no ${app} event "${event}" in the description`);
  return ref;
}

export interface MatchOptions {
  /** Documented properties the case may leave out: "name" on the top level, "data.name" below. */
  absent?: readonly string[];
  /** Documented properties that may be null where the description says otherwise (same form),
   * because Dify's source sends null there. */
  mayBeNull?: readonly string[];
}

// A copy of the value without the listed properties that are null.
function withoutNulls(value: Json, paths: readonly string[]): Json {
  if (!isObject(value) || paths.length === 0) return value;
  const copy: JsonObject = { ...value };
  if (isObject(copy.data)) copy.data = { ...copy.data };
  // A list's `data.name` is each item's `name`.
  if (Array.isArray(copy.data))
    copy.data = (copy.data as Json[]).map((item) => (isObject(item) ? { ...item } : item));
  for (const path of paths) {
    const [first, second] = path.split(".");
    const holder = second === undefined ? copy : copy[first ?? ""];
    const key = second ?? first ?? "";
    const holders = Array.isArray(holder) ? holder : [holder];
    for (const item of holders) if (isObject(item) && item[key] === null) delete item[key];
  }
  return copy;
}

const compiled = new Map<string, ValidateFunction>();

function validatorFor(pointer: SchemaPointer, options: MatchOptions): ValidateFunction {
  const key = `${pointer}|${[...(options.absent ?? [])].sort().join(",")}`;
  const cached = compiled.get(key);
  if (cached) return cached;
  const ref = pointer.startsWith("#") ? `${SPEC_ID}${pointer}` : pointer;
  const schema = pointer.startsWith("#") ? at(pointer) : ajv.getSchema(pointer)?.schema;
  const absent = new Set(options.absent ?? []);
  const top = documented(schema);
  const data = top.get("data");
  // A list answer's `data` is an array: every item must hold its documented fields.
  const items = isObject(data) && data.type === "array" ? data.items : undefined;
  const dataProps = items ? documented(items) : data ? documented(data) : new Map<string, Json>();
  const required = [...top.keys()].filter((name) => !absent.has(name));
  const dataRequired = [...dataProps.keys()].filter((name) => !absent.has(`data.${name}`));
  const validate = ajv.compile({
    allOf: [
      { $ref: ref },
      { required },
      ...(data && !absent.has("data")
        ? [
            {
              properties: {
                data: items
                  ? { type: "array", items: { type: "object", required: dataRequired } }
                  : { type: "object", required: dataRequired },
              },
            },
          ]
        : []),
    ],
  });
  compiled.set(key, validate);
  return validate;
}

function describe(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map(
      (error) =>
        `${error.instancePath || "(root)"} ${error.message ?? ""} ${JSON.stringify(error.params)}`,
    )
    .join("\n");
}

/** The problems of a value against a schema of the description, or [] when it matches. */
export function specProblems(
  value: Json,
  pointer: SchemaPointer,
  options: MatchOptions = {},
): string[] {
  const nullable = options.mayBeNull ?? [];
  const validate = validatorFor(pointer, { absent: [...(options.absent ?? []), ...nullable] });
  return validate(withoutNulls(value, nullable)) ? [] : describe(validate.errors).split("\n");
}

/** Throws, naming each problem, unless the value matches the schema (see the rules above). */
export function expectMatchesSpec(
  value: Json,
  pointer: SchemaPointer,
  options: MatchOptions = {},
): void {
  const problems = specProblems(value, pointer, options);
  if (problems.length > 0)
    throw new Error(
      `does not match ${pointer}:\n${problems.join("\n")}\nvalue: ${JSON.stringify(value)}`,
    );
}
