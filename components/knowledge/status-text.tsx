import { useTranslations } from "next-intl";

/** A document's or chunk's status in the page's language; one the page does not know, as sent. */
export function useStatusText() {
  const t = useTranslations("knowledge.browse.statuses");
  return (status: string) => (t.has(status) ? t(status) : status);
}
