import { useLocale, useTranslations } from "next-intl";
import { intlFormatter } from "@/lib/i18n/intl-formatter";

// Where a form is answered, as `approval_channels` names it (Human Input v1: email, web_app,
// console; v2 adds the IM providers), in words of the page's language. A value this list does
// not know is left out rather than shown raw.
const CHANNELS = [
  "email",
  "web_app",
  "console",
  "slack",
  "ms_teams",
  "feishu",
  "lark",
  "dingtalk",
  "wecom",
] as const;
type Channel = (typeof CHANNELS)[number];

const isChannel = (value: string): value is Channel =>
  (CHANNELS as readonly string[]).includes(value);

/** `["email", "console"]` → "by email or in Dify's console"; "" when none is known. */
export function useApprovalChannels() {
  const t = useTranslations("run.channels");
  const list = intlFormatter("ListFormat", useLocale(), { type: "disjunction" });
  return (channels: readonly string[]): string =>
    list.format([...new Set(channels.filter(isChannel))].map((channel) => t(channel)));
}
