import { describe, expect, it } from "vitest";
import { formatTable } from "./format-table";

describe("formatTable", () => {
  it("pads every column to its widest cell under a Markdown rule", () => {
    expect(
      formatTable(
        ["Budget", "Result"],
        [
          ["GET form: added p50", "PASS"],
          ["LCP", "FAIL"],
        ],
      ),
    ).toBe(
      [
        "| Budget              | Result |",
        "|---------------------|--------|",
        "| GET form: added p50 | PASS   |",
        "| LCP                 | FAIL   |",
      ].join("\n"),
    );
  });

  it("treats a missing cell as empty", () => {
    expect(formatTable(["a", "b"], [["x"]]).split("\n")[2]).toBe("| x |   |");
  });
});
