import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { PageView } from "@/lib/knowledge/knowledge-views";

export function ListPager({
  label,
  list,
  onPage,
}: {
  label: string;
  list: Pick<PageView<unknown>, "page" | "limit" | "total" | "hasMore"> | undefined;
  onPage: (page: number) => void;
}) {
  const t = useTranslations("knowledge.browse");
  if (!list) return null;
  const pages = Math.max(1, Math.ceil(list.total / list.limit));
  if (pages <= 1 && list.page === 1) return null;
  return (
    <nav className="list-pager" aria-label={t("pager", { what: label })}>
      <Button size="small" disabled={list.page <= 1} onClick={() => onPage(list.page - 1)}>
        {t("previous")}
      </Button>
      <span aria-live="polite">{t("pageOf", { page: list.page, pages, total: list.total })}</span>
      <Button size="small" disabled={!list.hasMore} onClick={() => onPage(list.page + 1)}>
        {t("next")}
      </Button>
    </nav>
  );
}
