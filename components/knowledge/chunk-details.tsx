import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Time } from "@/components/knowledge/metadata-value-text";
import { FormMarkdown } from "@/components/markdown/form-markdown";
import type { ChunkView } from "@/lib/knowledge/chunk-view";
import { formatBytes } from "@/lib/files/format-bytes";

const whenSet = (seconds: number | null, term: string): [string, ReactNode][] =>
  seconds === null ? [] : [[term, <Time key={term} seconds={seconds} />]];

export function ChunkDetails({ chunk }: { chunk: ChunkView }) {
  const t = useTranslations("knowledge.details");
  const count = useFormatter().number;
  const facts: [string, ReactNode][] = [
    [t("facts.status"), chunk.status],
    [t("facts.enabled"), chunk.enabled ? t("yes") : t("no")],
    [t("facts.position"), count(chunk.position)],
    [t("facts.words"), count(chunk.wordCount)],
    [t("facts.tokens"), count(chunk.tokens)],
    [t("facts.hits"), count(chunk.hitCount)],
    [t("facts.created"), <Time key="created" seconds={chunk.createdAt} />],
    [t("facts.updated"), <Time key="updated" seconds={chunk.updatedAt} />],
    [t("facts.indexingStarted"), <Time key="indexing" seconds={chunk.indexingAt} />],
    [t("facts.indexingCompleted"), <Time key="completed" seconds={chunk.completedAt} />],
    ...whenSet(chunk.disabledAt, t("facts.disabled")),
    ...whenSet(chunk.stoppedAt, t("facts.stopped")),
    [t("facts.format"), chunk.docForm],
    [t("facts.chunkId"), <code key="id">{chunk.id}</code>],
  ];
  return (
    <article className="chunk stack" aria-labelledby="chunk-title">
      <h3 id="chunk-title">
        {t.rich("heading", {
          // As a string: the heading shows the position without grouping.
          position: String(chunk.position),
          document: chunk.documentId,
          code: (chunks) => <code>{chunks}</code>,
        })}
      </h3>
      {chunk.error ? (
        <p className="notice notice-error">{t("indexingFailed", { error: chunk.error })}</p>
      ) : null}
      <section aria-label={t("content")} className="chunk-content">
        <FormMarkdown>{chunk.content}</FormMarkdown>
      </section>
      {chunk.answer !== null ? (
        <section aria-labelledby="chunk-answer-title">
          <h4 id="chunk-answer-title">{t("answer")}</h4>
          <FormMarkdown>{chunk.answer}</FormMarkdown>
        </section>
      ) : null}
      <section aria-labelledby="chunk-keywords-title">
        <h4 id="chunk-keywords-title">{t("keywords")}</h4>
        {chunk.keywords.length ? (
          <ul className="keyword-list" aria-labelledby="chunk-keywords-title">
            {chunk.keywords.map((keyword) => (
              <li key={keyword}>{keyword}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("none")}</p>
        )}
      </section>
      <section aria-labelledby="chunk-details-title">
        <h4 id="chunk-details-title">{t("details")}</h4>
        <dl className="fact-list">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="chunk-children-title">
        <h4 id="chunk-children-title">{t("childChunks", { count: chunk.childChunks.length })}</h4>
        {chunk.childChunks.length ? (
          <ol className="child-chunk-list" aria-labelledby="chunk-children-title">
            {chunk.childChunks.map((child) => (
              <li key={child.id}>
                <p>{child.content}</p>
                <p className="muted small">
                  {t("childFacts", {
                    position: count(child.position),
                    words: count(child.wordCount),
                  })}
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted">{t("none")}</p>
        )}
      </section>
      <section aria-labelledby="chunk-attachments-title">
        <h4 id="chunk-attachments-title">
          {t("attachments", { count: chunk.attachments.length })}
        </h4>
        {chunk.attachments.length ? (
          <ul className="file-list" aria-labelledby="chunk-attachments-title">
            {chunk.attachments.map((attachment) => (
              <li key={attachment.id} className="file-item">
                <span className="file-item-name">
                  {attachment.url ? (
                    <a href={attachment.url} target="_blank" rel="noopener noreferrer">
                      {attachment.name}
                    </a>
                  ) : (
                    <span>{attachment.name}</span>
                  )}
                  <span className="muted small">
                    {formatBytes(attachment.size)}
                    {(attachment.mimeType ?? attachment.extension)
                      ? ` · ${attachment.mimeType ?? attachment.extension}`
                      : ""}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("none")}</p>
        )}
      </section>
    </article>
  );
}
