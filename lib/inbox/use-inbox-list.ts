import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useInBrowser } from "@/lib/client/use-in-browser";
import { inboxQueryOptions } from "@/lib/inbox/inbox-query";
import { matchesFilter, sortInbox, type InboxFilter } from "@/lib/inbox/inbox-view";

/**
 * The inbox as shown: the pages loaded so far (polled, "Show more" loads the next), sorted
 * together, searched by title, filtered by status.
 */
export function useInboxList(linkQuery: string) {
  const query = useInfiniteQuery(inboxQueryOptions(linkQuery));
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<InboxFilter>("all");
  const loaded = useMemo(
    () => sortInbox((query.data?.pages ?? []).flatMap((page) => page.items)),
    [query.data],
  );
  const items = useMemo(() => {
    const words = search.trim().toLocaleLowerCase();
    return loaded.filter(
      (item) =>
        matchesFilter(item, filter) && (!words || item.title.toLocaleLowerCase().includes(words)),
    );
  }, [loaded, search, filter]);
  return { query, items, total: loaded.length, search, setSearch, filter, setFilter };
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * `j`/`k` move through the list's links, `/` goes to the search (Enter opens a focused link, as
 * links do). Keys typed into a field stay the field's.
 */
export function useListKeys(
  list: RefObject<HTMLElement | null>,
  search: RefObject<HTMLElement | null>,
) {
  const last = useRef(-1);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === "/" && !typing(event.target)) {
        event.preventDefault();
        search.current?.focus();
        return;
      }
      if ((event.key !== "j" && event.key !== "k") || typing(event.target)) return;
      const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>("a[data-item]") ?? [])];
      if (links.length === 0) return;
      event.preventDefault();
      const current = links.indexOf(document.activeElement as HTMLAnchorElement);
      const from = current >= 0 ? current : last.current;
      const next =
        event.key === "j"
          ? Math.min(links.length - 1, from + 1)
          : Math.max(0, from < 0 ? 0 : from - 1);
      last.current = next;
      links[next]?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [list, search]);
}

/** The time now, ticking each second while the page is open (the countdowns read it). */
export function useNow(): number | null {
  // The reader's own clock: the server's HTML holds none, so hydration matches.
  const inBrowser = useInBrowser();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return inBrowser ? now : null;
}
