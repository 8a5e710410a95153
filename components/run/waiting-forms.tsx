import { useTranslations } from "next-intl";
import { useId } from "react";
import type { LinkScope } from "@/lib/form/form-link";
import type { WaitingForm } from "@/lib/run/run-view";
import { waitingFormKey } from "@/lib/run/run-view-state";

/** Every form the run waits at, each with what this link may do with it. */
export function WaitingForms({
  forms,
  ownToken,
  scope,
  openingKey = null,
  elsewhere = new Set(),
}: {
  forms: WaitingForm[];
  ownToken: string;
  scope: LinkScope;
  openingKey?: string | null;
  elsewhere?: ReadonlySet<string>;
}) {
  const t = useTranslations("run");
  const titleId = useId();
  if (forms.length === 0) return null;
  return (
    <div className="stack">
      <h3 id={titleId}>{t("waitingFor")}</h3>
      <ul aria-labelledby={titleId} className="waiting-forms">
        {forms.map((form) => {
          const key = waitingFormKey(form);
          return (
            <li key={key}>
              <strong>{form.nodeTitle}</strong>{" "}
              <span className="muted small">
                {form.answered
                  ? t("mark.answered")
                  : form.formToken === ownToken
                    ? t("mark.thisLink")
                    : key === openingKey
                      ? t("mark.openingHere")
                      : scope === "run" && !elsewhere.has(key)
                        ? t("mark.thisLinkMayOpen")
                        : t("mark.someoneElse")}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
