import { useState, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";

export type ReviewView = "write" | "preview" | "changes";

/** The views of a paragraph field as WAI-ARIA tabs (arrow keys, Home and End move between them). */
export function useReviewTabs(id: string, views: readonly ReviewView[]) {
  const [selected, setSelected] = useState<ReviewView>("write");
  // Synchronously, so a field focused for a problem (focusField) is in the page when focused.
  const select = (view: ReviewView) => flushSync(() => setSelected(view));
  const tabId = (view: ReviewView) => `${id}-tab-${view}`;
  const panelId = (view: ReviewView) => `${id}-panel-${view}`;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const at = views.indexOf(selected);
    const next =
      event.key === "ArrowRight"
        ? views[(at + 1) % views.length]
        : event.key === "ArrowLeft"
          ? views[(at - 1 + views.length) % views.length]
          : event.key === "Home"
            ? views[0]
            : event.key === "End"
              ? views[views.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    select(next);
    document.getElementById(tabId(next))?.focus();
  };
  const tabProps = (view: ReviewView) => ({
    role: "tab" as const,
    type: "button" as const,
    id: tabId(view),
    "aria-selected": selected === view,
    "aria-controls": panelId(view),
    tabIndex: selected === view ? 0 : -1,
    onClick: () => select(view),
  });
  const panelProps = (view: ReviewView) => ({
    role: "tabpanel" as const,
    id: panelId(view),
    "aria-labelledby": tabId(view),
    hidden: selected !== view,
  });
  return { selected, onKeyDown, tabProps, panelProps };
}
