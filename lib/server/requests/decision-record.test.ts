import { describe, expect, it } from "vitest";
import { DECISION_TEXT_MAX, decisionValues } from "@/lib/server/requests/decision-record";

describe("decisionValues", () => {
  it("keeps text capped, and files by id or link, never their contents", () => {
    const kept = decisionValues({
      comment: "fine",
      essay: "x".repeat(DECISION_TEXT_MAX + 500),
      cover: { type: "image", transfer_method: "local_file", upload_file_id: "file-1" },
      links: [
        { type: "document", transfer_method: "remote_url", url: "https://files.example.com/a.pdf" },
      ],
    });
    expect(kept.comment).toBe("fine");
    expect(kept.essay).toBe(`${"x".repeat(DECISION_TEXT_MAX)}…`);
    expect(kept.cover).toEqual({ type: "image", file_id: "file-1" });
    expect(kept.links).toEqual([{ type: "document", url: "https://files.example.com/a.pdf" }]);
  });
});
