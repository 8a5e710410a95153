import { useLocale, useTranslations } from "next-intl";
import type { MetadataType, MetadataValue } from "@/lib/knowledge/knowledge-views";
import { formatDateTime } from "@/lib/i18n/format-time";

/** Unix seconds as the page's local date and time; a dash when the moment is unknown. */
export function Time({ seconds }: { seconds: number | null }) {
  const locale = useLocale();
  if (seconds === null) return <span className="muted">—</span>;
  return (
    <time dateTime={new Date(seconds * 1000).toISOString()}>{formatDateTime(seconds, locale)}</time>
  );
}

export function MetadataValueText({
  type,
  value,
}: {
  type: MetadataType;
  value: MetadataValue | undefined;
}) {
  const t = useTranslations("knowledge.browse");
  if (value === undefined || value === null || value === "") {
    return (
      <span className="muted">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t("noValue")}</span>
      </span>
    );
  }
  if (type === "time" && typeof value === "number") return <Time seconds={value} />;
  // A number shows as stored (a year is 2025, not 2,025).
  return <>{String(value)}</>;
}
