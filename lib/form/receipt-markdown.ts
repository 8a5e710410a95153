import type { Receipt } from "@/lib/form/form-receipt";

/** A fence longer than any run of backticks in `text`, so the text cannot end it. */
function fence(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return "`".repeat(Math.max(3, longest + 1));
}

/** Text safe as one line of Markdown prose: its markup characters escaped. */
const plain = (text: string) =>
  text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, "\\$&").replace(/\s+/g, " ");

/** The receipt as Markdown, each value verbatim in a fence: it must read as it was sent. */
export function receiptMarkdown(
  receipt: Receipt,
  words: Record<"title" | "action" | "sentAt" | "when" | "noFiles", string> & {
    outcome: string | null;
  },
): string {
  const lines = [
    `# ${plain(words.title)}`,
    "",
    `- ${plain(words.action)}: **${plain(receipt.action)}**`,
  ];
  lines.push(`- ${plain(words.sentAt)}: ${plain(words.when)}`);
  if (words.outcome) lines.push(`- ${plain(words.outcome)}`);
  for (const field of receipt.fields) {
    lines.push("", `## ${plain(field.label)}`, "");
    if ("files" in field) {
      if (field.files.length === 0) lines.push(plain(words.noFiles));
      else for (const name of field.files) lines.push(`- ${plain(name)}`);
    } else {
      const marks = fence(field.value);
      lines.push(marks, field.value, marks);
    }
  }
  return `${lines.join("\n")}\n`;
}

export function downloadMarkdown(markdown: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([markdown], { type: "text/markdown;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
