import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { StatusScreen } from "@/components/ui/status-screen";
import type { ErrorCode } from "@/lib/errors/error-code";

/** Why a form cannot be shown: the `{code, message}` of the app's error envelope. */
export type FormFailure = { code: ErrorCode; message: string };

// Codes whose screen is a title and a body of their own.
const PLAIN = {
  human_input_form_submitted: ["answered", "info"],
  human_input_form_expired: ["expired", "warning"],
  not_found: ["notFound", "error"],
} as const;

/** A form that cannot be answered here. `channels`: where it is answered, as the run names them. */
export function FormErrorScreen({
  failure,
  retry,
  channels = [],
}: {
  failure: FormFailure;
  retry: ReactNode;
  channels?: readonly string[];
}) {
  const t = useTranslations("form");
  const { code } = failure;
  const plain = PLAIN[code as keyof typeof PLAIN];
  if (plain) {
    const [key, tone] = plain;
    return (
      <StatusScreen title={t(`${key}.title`)} tone={tone}>
        <p>{t(`${key}.body`)}</p>
      </StatusScreen>
    );
  }
  switch (code) {
    case "form_answered_elsewhere":
      return (
        <StatusScreen title={t("elsewhere.title")} tone="info">
          <p>
            {channels.length > 0
              ? t("elsewhere.channels", { channels: channels.join(", ") })
              : t("elsewhere.inDify")}
          </p>
        </StatusScreen>
      );
    case "link_invalid":
    case "link_expired":
    case "link_missing":
    case "link_ttl_exceeded":
      return (
        <StatusScreen title={t("linkProblem.title")} tone="error">
          <p>{t(`linkProblem.${code}`)}</p>
        </StatusScreen>
      );
    default:
      return (
        <StatusScreen title={t("unavailable.title")} tone="error" actions={retry}>
          <p>
            {code === "upstream_timeout"
              ? t("unavailable.timeout")
              : code === "upstream_unreachable" || code === "network_error"
                ? t("unavailable.unreachable")
                : failure.message || t("unavailable.body")}
          </p>
          <p className="muted small">{t("unavailable.nothingLost")}</p>
        </StatusScreen>
      );
  }
}
