import { useLocale, useTranslations } from "next-intl";
import type { MetadataType, MetadataValue } from "@/lib/knowledge/knowledge-views";
import { formatDateTime } from "@/lib/i18n/format-time";

export function MetadataValueText({
  type,
  value,
}: {
  type: MetadataType;
  value: MetadataValue | undefined;
}) {
  const t = useTranslations("knowledge.browse");
  const locale = useLocale();
  if (value === undefined || value === null || value === "") {
    return (
      <span className="muted">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t("noValue")}</span>
      </span>
    );
  }
  if (type === "time" && typeof value === "number") {
    return (
      <time dateTime={new Date(value * 1000).toISOString()}>{formatDateTime(value, locale)}</time>
    );
  }
  // A number shows as stored (a year is 2025, not 2,025).
  return <>{String(value)}</>;
}
