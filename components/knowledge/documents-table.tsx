import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ChangeEvent } from "react";
import { MetadataValueText } from "@/components/knowledge/metadata-value-text";
import { useStatusText } from "@/components/knowledge/status-text";
import { pageSelectionState, type DocumentSelection } from "@/lib/knowledge/document-selection";
import type { DocumentView, MetadataFieldView } from "@/lib/knowledge/knowledge-views";

/** Whether Shift was held: a checkbox's change comes from a click, by mouse or keyboard. */
const withShift = (event: ChangeEvent<HTMLInputElement>) =>
  "shiftKey" in event.nativeEvent && Boolean(event.nativeEvent.shiftKey);

export function DocumentsTable({
  page,
  documents,
  fields,
  selection,
  chunksHref,
  onToggle,
  onTogglePage,
}: {
  page: number;
  documents: readonly DocumentView[];
  fields: readonly MetadataFieldView[];
  selection: DocumentSelection;
  chunksHref: (documentId: string) => string;
  onToggle: (document: DocumentView, range: boolean) => void;
  onTogglePage: (select: boolean) => void;
}) {
  const t = useTranslations("knowledge.browse.documents");
  const statusText = useStatusText();
  const state = pageSelectionState(selection, documents);
  return (
    <div className="table-scroll">
      <table className="documents-table">
        <caption className="visually-hidden">{t("caption", { page })}</caption>
        <thead>
          <tr>
            <th scope="col" className="check-cell">
              <label className="page-choice">
                <input
                  ref={(input) => {
                    if (input) input.indeterminate = state === "some";
                  }}
                  type="checkbox"
                  checked={state === "all"}
                  onChange={() => onTogglePage(state !== "all")}
                />
                {/* Hidden beside the column names; the only header left on a narrow screen. */}
                <span className="page-choice-text">{t("chooseAll")}</span>
              </label>
            </th>
            <th scope="col">{t("name")}</th>
            <th scope="col">{t("status")}</th>
            {fields.map((field) => (
              <th scope="col" key={field.id}>
                {field.name}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t("chunks")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document.id} className={selection.has(document.id) ? "row-chosen" : undefined}>
              <td className="check-cell">
                <input
                  type="checkbox"
                  aria-label={t("choose", { name: document.name })}
                  checked={selection.has(document.id)}
                  onChange={(event) => onToggle(document, withShift(event))}
                />
              </td>
              <th scope="row" className="document-name">
                {document.name}
              </th>
              <td data-label={t("status")}>{statusText(document.status)}</td>
              {fields.map((field) => (
                <td key={field.id} data-label={field.name}>
                  <MetadataValueText type={field.type} value={document.values[field.id]} />
                </td>
              ))}
              <td className="action-cell">
                <Link
                  href={chunksHref(document.id)}
                  scroll={false}
                  aria-label={t("chunksOf", { name: document.name })}
                >
                  {t("chunks")}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
