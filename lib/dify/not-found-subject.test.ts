import { describe, expect, it } from "vitest";
import { notFoundSubject } from "@/lib/dify/not-found-subject";

describe("notFoundSubject", () => {
  it.each([
    ["Dataset not found.", "dataset"],
    ["Knowledge base not found.", "dataset"],
    ["Document not found.", "document"],
    ["Documents not found.", "document"],
    ["Segment not found.", "segment"],
  ])("reads %j as the %s", (message, subject) => {
    expect(notFoundSubject(message)).toBe(subject);
  });

  it("names nothing for other messages", () => {
    expect(notFoundSubject("Not found.")).toBeNull();
    expect(notFoundSubject("The requested URL was not found on the server.")).toBeNull();
    expect(notFoundSubject("document_id: The document id is too long")).toBeNull();
  });
});
