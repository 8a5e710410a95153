import { intlFormatter } from "@/lib/i18n/intl-formatter";

/** The formatters' options, also built ahead by the form page (ExpiryFormatsWarmUp). */
export const DATE_TIME_OPTIONS = { dateStyle: "medium", timeStyle: "short" } as const;
export const REMAINING_OPTIONS = { numeric: "always" } as const;

export function formatDateTime(epochSeconds: number, locale?: string): string {
  return intlFormatter("DateTimeFormat", locale, DATE_TIME_OPTIONS).format(epochSeconds * 1000);
}

/** "in 12 minutes", "in 45 seconds", "in 2 hours": the largest unit that fits. */
export function formatRemaining(ms: number, locale?: string): string {
  const format = intlFormatter("RelativeTimeFormat", locale, REMAINING_OPTIONS);
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 60) return format.format(seconds, "second");
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return format.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(hours, "hour");
  return format.format(Math.round(hours / 24), "day");
}
