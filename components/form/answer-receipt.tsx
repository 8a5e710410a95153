import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { Receipt } from "@/lib/form/form-receipt";
import { formatDateTime } from "@/lib/i18n/format-time";

/**
 * What was sent, to keep: it prints without its buttons, downloads as Markdown, and can be
 * forgotten by this browser.
 */
export function AnswerReceipt({
  receipt,
  runStatus,
  onForget,
}: {
  receipt: Receipt;
  runStatus: string | null;
  onForget: () => void;
}) {
  const t = useTranslations("form.receipt");
  const locale = useLocale();
  const tRun = useTranslations("run");
  const outcome = !runStatus
    ? null
    : ["succeeded", "failed", "stopped"].includes(runStatus)
      ? tRun(`outcome.${runStatus}`)
      : tRun("outcome.other", { status: runStatus });
  const when = formatDateTime(Math.floor(receipt.sentAt / 1000), locale);
  const download = async () => {
    const { downloadMarkdown, receiptMarkdown } = await import("@/lib/form/receipt-markdown");
    const markdown = receiptMarkdown(receipt, {
      title: t("title"),
      action: t("action"),
      sentAt: t("sentAt"),
      when,
      outcome,
      noFiles: t("noFiles"),
    });
    downloadMarkdown(markdown, `answer-${new Date(receipt.sentAt).toISOString().slice(0, 10)}.md`);
  };
  const sent = <time dateTime={new Date(receipt.sentAt).toISOString()}>{when}</time>;
  const rows: (readonly [string, ReactNode])[] = [
    [t("action"), receipt.action],
    [t("sentAt"), sent],
    ...(outcome ? [[t("run"), outcome] as const] : []),
    ...receipt.fields.map((field): [string, ReactNode] => [
      field.label,
      "files" in field
        ? field.files.length
          ? field.files.join(", ")
          : t("noFiles")
        : field.value.trim()
          ? field.value
          : t("empty"),
    ]),
  ];
  return (
    <section className="receipt stack" aria-labelledby="receipt-title">
      <h2 id="receipt-title">{t("title")}</h2>
      <dl className="summary-list">
        {rows.map(([term, value], index) => (
          <div key={index}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="actions receipt-actions">
        <Button size="small" onClick={() => window.print()}>
          {t("print")}
        </Button>
        <Button size="small" onClick={() => void download()}>
          {t("download")}
        </Button>
        <Button size="small" onClick={onForget}>
          {t("forget")}
        </Button>
      </div>
    </section>
  );
}
