import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useInBrowser } from "@/lib/client/use-in-browser";
import { formatDateTime, formatRemaining } from "@/lib/i18n/format-time";

const WARNING_MS = 5 * 60_000;

/** "Answer by …" with a live countdown; warns in the last 5 minutes and reports zero once. */
export function ExpiryCountdown({
  expiresAt,
  onExpired,
}: {
  expiresAt: number;
  onExpired: () => void;
}) {
  const inBrowser = useInBrowser();
  const [now, setNow] = useState(() => Date.now());
  const remaining = expiresAt * 1000 - now;

  useEffect(() => {
    if (remaining <= 0) {
      onExpired();
      return;
    }
    // Tick every second near the end, less often while far away.
    const delay = remaining < 2 * WARNING_MS ? 1000 : 15_000;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(delay, remaining));
    return () => clearTimeout(timer);
  }, [remaining, onExpired]);

  const warning = remaining <= WARNING_MS;
  const t = useTranslations("form.expiry");
  const locale = useLocale();
  // The time and what is left are the reader's own (clock, time zone): the server cannot know
  // them, so its HTML holds an empty line of the same height until the page is in the browser.
  if (!inBrowser) {
    return (
      <p className="muted small" data-testid="expiry">
        {"\u00a0"}
      </p>
    );
  }
  return (
    <p className={warning ? "notice notice-warning small" : "muted small"} data-testid="expiry">
      {/* Only the warning is announced; the ticking text would be noise in a live region. */}
      <span role="status">{warning ? <strong>{t("almostUp")} </strong> : null}</span>
      {t.rich("answerBy", {
        when: formatDateTime(expiresAt, locale),
        remaining: formatRemaining(remaining, locale),
        time: (chunks) => <time dateTime={new Date(expiresAt * 1000).toISOString()}>{chunks}</time>,
      })}
    </p>
  );
}
