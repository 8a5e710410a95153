import { describe, expect, it, vi } from "vitest";
import type { FieldSpec } from "@/lib/fields/field-spec";
import { askRemoteFile } from "@/lib/server/files/ask-remote-file";
import { checkLink } from "@/lib/server/files/check-link";

// What the page learns of a link's server: from a public one its file's name and type, from an
// inside one (REMOTE_FILE_HOSTS) only the type, the link naming the file.

vi.mock("@/lib/server/env", () => ({
  getEnv: () => ({
    REMOTE_FILE_HOSTS: ["files.intranet"],
    limits: { REMOTE_FILE_TIMEOUT_MS: 5_000 },
  }),
}));
vi.mock("@/lib/server/files/ask-remote-file", () => ({ askRemoteFile: vi.fn() }));

const field: FieldSpec = {
  kind: "file",
  name: "report",
  label: "Report",
  required: true,
  allowedTypes: ["document"],
  allowedExtensions: [],
  methods: ["remote_url"],
};
const answer = {
  contentType: "application/pdf",
  disposition: 'attachment; filename="Q3 board.pdf"',
};

describe("checkLink", () => {
  it("names a public server's file as the server does", async () => {
    vi.mocked(askRemoteFile).mockResolvedValueOnce({ answer, inside: false });
    expect(
      await checkLink([field], { field: "report", url: "https://files.example/download?id=9" }),
    ).toMatchObject({ ok: true, name: "Q3 board.pdf", type: "document" });
    // Asked within REMOTE_FILE_TIMEOUT_MS.
    expect(vi.mocked(askRemoteFile).mock.lastCall?.[1]).toMatchObject({ timeoutMs: 5_000 });
  });

  it("tells of an inside server's file only its type, named by the link", async () => {
    vi.mocked(askRemoteFile).mockResolvedValueOnce({ answer, inside: true });
    const check = await checkLink([field], {
      field: "report",
      url: "https://files.intranet/download?id=9",
    });
    expect(check).toMatchObject({ ok: true, name: "download", type: "document" });
    expect(JSON.stringify(check)).not.toContain("Q3 board");
  });
});
