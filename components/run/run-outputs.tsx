import { useTranslations } from "next-intl";
import { FormMarkdown } from "@/components/markdown/form-markdown";

// A run's outputs, readable: strings as Markdown, files as links, other values as formatted JSON.

const stringAt = (record: Record<string, unknown>, ...keys: string[]) =>
  keys.map((key) => record[key]).find((value): value is string => typeof value === "string");

function asFile(value: unknown) {
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const url = stringAt(record, "url", "remote_url");
  const name = stringAt(record, "filename", "name");
  return url && /^https?:\/\//i.test(url) ? { url, name: name ?? url } : null;
}

function OutputValue({ value }: { value: unknown }) {
  const t = useTranslations("run");
  if (typeof value === "string") return <FormMarkdown>{value}</FormMarkdown>;
  if (typeof value === "number" || typeof value === "boolean") return <span>{String(value)}</span>;
  if (value == null) return <span className="muted">{t("emptyValue")}</span>;
  const file = asFile(value);
  if (file) {
    return (
      <a href={file.url} target="_blank" rel="noopener noreferrer">
        {file.name}
      </a>
    );
  }
  if (Array.isArray(value) && value.length > 0 && value.every((item) => asFile(item))) {
    return (
      <ul>
        {(value as unknown[]).map((item, index) => (
          <li key={index}>
            <OutputValue value={item} />
          </li>
        ))}
      </ul>
    );
  }
  return <pre className="output-json">{JSON.stringify(value, null, 2)}</pre>;
}

export function RunOutputs({ outputs }: { outputs: Record<string, unknown> }) {
  const t = useTranslations("run");
  const entries = Object.entries(outputs);
  if (entries.length === 0) return <p className="muted">{t("noOutputs")}</p>;
  return (
    <dl className="summary-list" aria-label={t("outputs")}>
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>
            <OutputValue value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
