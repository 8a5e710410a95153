import { describe, expect, it } from "vitest";
import {
  knowledgeSearch,
  readKnowledgeLocation,
  withBase,
  withDocument,
} from "@/lib/knowledge/knowledge-location";

const read = (query: string) => readKnowledgeLocation(new URLSearchParams(query));

describe("the /knowledge location", () => {
  it("round-trips through the query string, defaults left out", () => {
    const location = read("base=support-articles&q=password&page=2&doc=doc-support-01&segment=s1");
    expect(location).toMatchObject({
      base: "support-articles",
      query: "password",
      page: 2,
      document: "doc-support-01",
      segment: "s1",
      chunkPage: 1,
    });
    expect(knowledgeSearch(location)).toBe(
      "?base=support-articles&q=password&page=2&doc=doc-support-01&segment=s1",
    );
    expect(knowledgeSearch(read(""))).toBe("");
  });

  it("drops ids with characters an id may not hold, and pages out of bounds", () => {
    expect(read("base=../x&doc=d").base).toBeNull();
    expect(read("base=b&doc=a%2Fb").document).toBeNull();
    expect(read("base=b&page=0").page).toBe(1);
    expect(read("base=b&page=10001").page).toBe(1);
    expect(read("base=b&page=2.5").page).toBe(1);
    expect(read(`q=${"x".repeat(300)}`).query).toHaveLength(200);
    expect(read("base=b&status=available&cstatus=nope")).toMatchObject({
      status: "available",
      chunkStatus: "",
    });
  });

  it("drops a document without its base, and a chunk without its document", () => {
    expect(read("doc=d&segment=s")).toMatchObject({ document: null, segment: null });
    expect(read("base=b&segment=s").segment).toBeNull();
  });

  it("never carries a token", () => {
    expect(knowledgeSearch(read("token=secret&base=b"))).toBe("?base=b");
  });

  it("starts a new base and a new document afresh", () => {
    const location = read("bq=sup&base=a&q=x&page=3&doc=d&cpage=2&segment=s");
    expect(knowledgeSearch(withBase(location, "b"))).toBe("?base=b&bq=sup");
    expect(knowledgeSearch(withDocument(location, "e"))).toBe("?base=a&bq=sup&q=x&page=3&doc=e");
  });
});
