import type { ReactNode } from "react";
import { FormMarkdown } from "@/components/form-markdown";
import type { ChunkView } from "@/lib/chunk-view";
import { formatBytes } from "@/lib/file-category";
import { formatDateTime } from "@/lib/format-time";

function Time({ seconds }: { seconds: number | null }) {
  if (seconds === null) return <span className="muted">—</span>;
  return <time dateTime={new Date(seconds * 1000).toISOString()}>{formatDateTime(seconds)}</time>;
}

const count = (value: number) => value.toLocaleString();

/** One chunk in full: its content as Markdown, every fact about it, child chunks, attachments. */
export function ChunkDetails({ chunk }: { chunk: ChunkView }) {
  const facts: [string, ReactNode][] = [
    ["Status", chunk.status],
    ["Enabled", chunk.enabled ? "Yes" : "No"],
    ["Position", count(chunk.position)],
    ["Words", count(chunk.wordCount)],
    ["Tokens", count(chunk.tokens)],
    ["Hits", count(chunk.hitCount)],
    ["Created", <Time key="created" seconds={chunk.createdAt} />],
    ["Updated", <Time key="updated" seconds={chunk.updatedAt} />],
    ["Indexing started", <Time key="indexing" seconds={chunk.indexingAt} />],
    ["Indexing completed", <Time key="completed" seconds={chunk.completedAt} />],
    ...(chunk.disabledAt !== null
      ? [["Disabled", <Time key="disabled" seconds={chunk.disabledAt} />] as [string, ReactNode]]
      : []),
    ...(chunk.stoppedAt !== null
      ? [["Stopped", <Time key="stopped" seconds={chunk.stoppedAt} />] as [string, ReactNode]]
      : []),
    ["Format", chunk.docForm],
    ["Chunk id", <code key="id">{chunk.id}</code>],
  ];
  return (
    <article className="chunk stack" aria-labelledby="chunk-title">
      <h3 id="chunk-title">
        Chunk {chunk.position} of <code>{chunk.documentId}</code>
      </h3>
      {chunk.error ? <p className="notice notice-error">Indexing failed: {chunk.error}</p> : null}
      <section aria-label="Content" className="chunk-content">
        <FormMarkdown>{chunk.content}</FormMarkdown>
      </section>
      {chunk.answer !== null ? (
        <section aria-labelledby="chunk-answer-title">
          <h4 id="chunk-answer-title">Answer</h4>
          <FormMarkdown>{chunk.answer}</FormMarkdown>
        </section>
      ) : null}
      <section aria-labelledby="chunk-keywords-title">
        <h4 id="chunk-keywords-title">Keywords</h4>
        {chunk.keywords.length ? (
          <ul className="keyword-list" aria-labelledby="chunk-keywords-title">
            {chunk.keywords.map((keyword) => (
              <li key={keyword}>{keyword}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">None.</p>
        )}
      </section>
      <section aria-labelledby="chunk-details-title">
        <h4 id="chunk-details-title">Details</h4>
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
        <h4 id="chunk-children-title">Child chunks ({chunk.childChunks.length})</h4>
        {chunk.childChunks.length ? (
          <ol className="child-chunk-list" aria-labelledby="chunk-children-title">
            {chunk.childChunks.map((child) => (
              <li key={child.id}>
                <p>{child.content}</p>
                <p className="muted small">
                  Position {count(child.position)} · {count(child.wordCount)} words
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted">None.</p>
        )}
      </section>
      <section aria-labelledby="chunk-attachments-title">
        <h4 id="chunk-attachments-title">Attachments ({chunk.attachments.length})</h4>
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
          <p className="muted">None.</p>
        )}
      </section>
    </article>
  );
}
