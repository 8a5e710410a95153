import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { checkInputs, inputRule } from "@/lib/server/request/check-inputs";

const remote = (url: string) => ({ type: "document", transfer_method: "remote_url", url });
const local = { type: "document", transfer_method: "local_file", upload_file_id: "f1" };

const rules = [
  inputRule({ output_variable_name: "comment", type: "paragraph" }),
  inputRule({
    output_variable_name: "scan",
    type: "file",
    allowed_file_upload_methods: ["local_file"],
  }),
  inputRule({ output_variable_name: "docs", type: "file-list", allowed_file_upload_methods: [] }),
];

function refusal(run: () => void) {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.toJSON();
    throw error;
  }
  throw new Error("not refused");
}

describe("checkInputs", () => {
  it("lets answers that fit the form go", () => {
    expect(() =>
      checkInputs(
        { comment: "ok", scan: local, docs: [local, remote("https://files.example.com/a.pdf")] },
        { insideHosts: [], rules },
      ),
    ).not.toThrow();
  });

  it("refuses a key the form does not have, naming it", () => {
    expect(
      refusal(() => checkInputs({ comment: "", admin: "x" }, { insideHosts: [], rules })),
    ).toEqual({
      status: 400,
      code: "invalid_request",
      message: "The form has no input 'admin'.",
      issues: [{ path: "inputs.admin", message: "The form has no input 'admin'." }],
    });
  });

  it("refuses a file sent a way its field does not take, or to an input that takes none", () => {
    const envelope = refusal(() =>
      checkInputs(
        { scan: remote("https://files.example.com/a.pdf"), comment: local },
        { insideHosts: [], rules },
      ),
    );
    expect(envelope.issues).toEqual([
      {
        path: "inputs.scan.transfer_method",
        message: "The input 'scan' does not take files by remote_url.",
      },
      { path: "inputs.comment.transfer_method", message: "The input 'comment' takes no files." },
    ]);
  });

  it("refuses an inside link before the form is known, naming its place in a list", () => {
    const envelope = refusal(() =>
      checkInputs(
        { docs: [local, remote("http://169.254.169.254/latest/meta-data/")] },
        { insideHosts: [] },
      ),
    );
    expect(envelope.issues).toEqual([
      {
        path: "inputs.docs.1.url",
        message:
          "The link in input 'docs' must not point at a local, private or link-local address.",
      },
    ]);
  });

  it("sends each link on as it was checked, not as it was written", () => {
    const sent = checkInputs(
      {
        docs: [local, remote("https://Files.Example.com/a b.pdf")],
        scan: remote("HTTPS://files.example.com:443/%7Escan.pdf"),
      },
      { insideHosts: [] },
    );
    expect(sent.docs).toEqual([local, remote("https://files.example.com/a%20b.pdf")]);
    expect(sent.scan).toEqual(remote("https://files.example.com/%7Escan.pdf"));
  });

  it("refuses a link whose parsers disagree about its host", () => {
    const envelope = refusal(() =>
      checkInputs(
        { scan: remote("http://example.com\\@169.254.169.254/latest/meta-data/x.png") },
        { insideHosts: [] },
      ),
    );
    expect(envelope.message).toBe("The link in input 'scan' is not a valid link.");
  });

  it("lets links name the inside hosts the operator named, and no others", () => {
    const inside = remote("http://10.0.0.5/a.pdf");
    expect(checkInputs({ docs: [inside] }, { insideHosts: ["10.0.0.5"] }).docs).toEqual([inside]);
    expect(
      refusal(() => checkInputs({ docs: [inside] }, { insideHosts: ["10.0.0.6"] })).message,
    ).toBe("The link in input 'docs' must not point at a local, private or link-local address.");
  });
});
