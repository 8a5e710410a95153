"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { useInBrowser } from "@/lib/client/use-in-browser";
import { formatDateTime, formatRemaining } from "@/lib/i18n/format-time";
import { INBOX_FILTERS, type InboxItem } from "@/lib/inbox/inbox-view";
import { useInboxList, useListKeys, useNow } from "@/lib/inbox/use-inbox-list";

/** The viewer's requests: search, status filter, keyboard, refreshed every few seconds. */
export function InboxList({ linkQuery, embed }: { linkQuery: string; embed: boolean }) {
  const t = useTranslations("inbox.list");
  const { query, items, total, search, setSearch, filter, setFilter } = useInboxList(linkQuery);
  const list = useRef<HTMLUListElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  useListKeys(list, searchBox);
  const now = useNow();
  // The shortcut is claimed once its listener is there: a key pressed before hydration is lost.
  const keysReady = useInBrowser();

  return (
    <div className="stack inbox">
      <div className="inbox-tools" role="search">
        <label className="inbox-tool">
          <span>{t("search")}</span>
          <input
            ref={searchBox}
            type="search"
            className="input"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-keyshortcuts={keysReady ? "/" : undefined}
          />
        </label>
        <label className="inbox-tool">
          <span>{t("status")}</span>
          <select
            className="input"
            value={filter}
            onChange={(event) => setFilter(event.target.value as (typeof INBOX_FILTERS)[number])}
          >
            {INBOX_FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`filters.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted small">{t("keys")}</p>
      {query.isError ? (
        <div role="alert" className="notice notice-error stack">
          <p>{t("error")}</p>
          <Button onClick={() => void query.refetch()}>{t("retry")}</Button>
        </div>
      ) : null}
      {query.isPending ? (
        <p role="status">{t("loading")}</p>
      ) : items.length === 0 ? (
        <p role="status">{total === 0 ? t("empty") : t("noMatch")}</p>
      ) : (
        <ul ref={list} className="inbox-items" aria-label={t("label")}>
          {items.map((item) => (
            <InboxRow key={item.id} item={item} now={now} embed={embed} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="inbox-more">
          <Button
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            aria-describedby="inbox-more-note"
          >
            {query.isFetchingNextPage ? t("loadingMore") : t("showMore")}
          </Button>
          <p id="inbox-more-note" className="muted small">
            {t("shown", { count: total })}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function InboxRow({ item, now, embed }: { item: InboxItem; now: number | null; embed: boolean }) {
  const t = useTranslations("inbox.list");
  const locale = useLocale();
  const closes = item.expiresAt ? Date.parse(item.expiresAt) : null;
  const expired = item.status === "expired" || item.status === "timed_out";
  return (
    <li className="inbox-item" data-status={item.status}>
      {/* One link per row, its title; the status beside it is text. */}
      <div className="inbox-head">
        <a data-item href={embed ? `${item.href}&embed=1` : item.href} className="inbox-link">
          {item.title || t("untitled")}
        </a>
        <span className="inbox-status">{t(`statuses.${expired ? "expired" : item.status}`)}</span>
      </div>
      {item.status === "waiting" && closes !== null ? (
        <p className="muted small">
          {now === null
            ? "\u00a0"
            : t("closes", {
                when: formatDateTime(Math.floor(closes / 1000), locale),
                remaining: formatRemaining(closes - now, locale),
              })}
        </p>
      ) : null}
      {item.decision ? (
        <p className="small">
          {t("receipt", {
            action: item.decision.action,
            when: formatDateTime(Math.floor(Date.parse(item.decision.decidedAt) / 1000), locale),
            by: item.decision.by,
          })}
        </p>
      ) : null}
    </li>
  );
}
