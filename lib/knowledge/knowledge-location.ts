import { usePathname, useRouter, useSearchParams } from "next/navigation";
import {
  DOCUMENT_STATUSES,
  MAX_KEYWORD_LENGTH,
  MAX_LIST_PAGE,
  SEGMENT_STATUSES,
} from "@/lib/knowledge/knowledge-list-query";

// Kept in the address, never with the token, so a reload or a shared link lands in the same place.

export type KnowledgeLocation = ReturnType<typeof readKnowledgeLocation>;

const NAMES = {
  base: "base",
  baseQuery: "bq",
  basePage: "bpage",
  query: "q",
  status: "status",
  page: "page",
  document: "doc",
  chunkQuery: "cq",
  chunkStatus: "cstatus",
  chunkPage: "cpage",
  segment: "segment",
} as const;

const ID = /^[A-Za-z0-9_-]{1,128}$/;

const idOf = (value: string | null) => (value && ID.test(value) ? value : null);
const textOf = (value: string | null) => (value ?? "").trim().slice(0, MAX_KEYWORD_LENGTH);
const oneOf = (values: readonly string[], value: string | null) =>
  value && values.includes(value) ? value : "";
function pageOf(value: string | null): number {
  const number = Number(value ?? "1");
  return Number.isInteger(number) && number >= 1 && number <= MAX_LIST_PAGE ? number : 1;
}

export function readKnowledgeLocation(params: URLSearchParams) {
  const base = idOf(params.get(NAMES.base));
  // A document belongs to a base, a chunk to a document: an orphan is dropped.
  const document = base ? idOf(params.get(NAMES.document)) : null;
  return {
    base,
    baseQuery: textOf(params.get(NAMES.baseQuery)),
    basePage: pageOf(params.get(NAMES.basePage)),
    query: textOf(params.get(NAMES.query)),
    status: oneOf(DOCUMENT_STATUSES, params.get(NAMES.status)),
    page: pageOf(params.get(NAMES.page)),
    document,
    chunkQuery: textOf(params.get(NAMES.chunkQuery)),
    chunkStatus: oneOf(SEGMENT_STATUSES, params.get(NAMES.chunkStatus)),
    chunkPage: pageOf(params.get(NAMES.chunkPage)),
    segment: document ? idOf(params.get(NAMES.segment)) : null,
  };
}

/** The query string of a location, defaults left out (`?base=…&page=2`). */
export function knowledgeSearch(location: KnowledgeLocation): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(NAMES) as (keyof KnowledgeLocation)[]) {
    const value = location[key];
    if (value === null || value === "" || value === 1) continue;
    params.set(NAMES[key], String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function useKnowledgeLocation() {
  const router = useRouter();
  const pathname = usePathname();
  const location = readKnowledgeLocation(new URLSearchParams(useSearchParams().toString()));
  const href = (next: KnowledgeLocation) => `${pathname}${knowledgeSearch(next)}`;
  const go = (next: KnowledgeLocation) => router.push(href(next), { scroll: false });
  return { location, href, go };
}

/** Choosing another base starts its documents afresh; the base list's search is kept. */
export const withBase = (location: KnowledgeLocation, base: string | null): KnowledgeLocation => ({
  ...readKnowledgeLocation(new URLSearchParams()),
  baseQuery: location.baseQuery,
  basePage: location.basePage,
  base,
});

/** Opening another document's chunks starts its chunk list afresh. */
export const withDocument = (location: KnowledgeLocation, document: string | null) => ({
  ...location,
  document,
  chunkQuery: "",
  chunkStatus: "",
  chunkPage: 1,
  segment: null,
});
