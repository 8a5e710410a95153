import { useTranslations } from "next-intl";
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import type { ActionView } from "@/lib/form/form-view";

type ActionBarProps = {
  actions: ActionView[];
  /** An answer is on its way: every action is disabled, and the action sent shows busy. */
  pending: boolean;
  pendingId: string | undefined;
  onChoose: (action: ActionView) => void;
};

// The form's actions side by side when they fit; otherwise the primary one and a "More" menu
// button (WAI-ARIA) for the rest, so on a phone the sticky bar never grows to several rows.
export function ActionBar({ actions, pending, pendingId, onChoose }: ActionBarProps) {
  const t = useTranslations("form");
  const barRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [collapsed, setCollapsed] = useState(false);
  const primary = actions.find((action) => action.style === "primary") ?? actions[0];
  const rest = actions.filter((action) => action !== primary);
  const canCollapse = primary !== undefined && rest.length > 0;

  // A hidden copy of the full row, always laid out, says whether it fits the bar's width now.
  useLayoutEffect(() => {
    const bar = barRef.current;
    const measure = measureRef.current;
    if (!bar || !measure || !canCollapse) return;
    const check = () => {
      const style = getComputedStyle(bar);
      const available =
        bar.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setCollapsed(measure.scrollWidth > Math.floor(available));
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(bar);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [canCollapse]);

  const shown = collapsed && canCollapse ? [primary] : actions;
  return (
    <div
      ref={barRef}
      className={collapsed ? "actions action-bar action-bar-collapsed" : "actions action-bar"}
      role="group"
      aria-label={t("actions")}
    >
      {shown.map((action) => (
        <Button
          key={action.id}
          variant={action.style}
          disabled={pending}
          busy={pendingId === action.id}
          onClick={() => onChoose(action)}
        >
          {action.title}
        </Button>
      ))}
      {collapsed && canCollapse ? (
        <MoreMenu
          actions={rest}
          pending={pending}
          busy={rest.some((action) => action.id === pendingId)}
          onChoose={onChoose}
        />
      ) : null}
      {canCollapse ? (
        <div ref={measureRef} className="action-bar-measure" aria-hidden="true" inert>
          {actions.map((action) => (
            <Button key={action.id} variant={action.style} tabIndex={-1}>
              {action.title}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function MoreMenu({
  actions,
  pending,
  busy,
  onChoose,
}: Omit<ActionBarProps, "pendingId"> & { busy: boolean }) {
  const t = useTranslations("form");
  const menuId = useId();
  const buttonId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Which item takes focus when the menu opens (null: closed).
  const [openAt, setOpenAt] = useState<"first" | "last" | null>(null);
  const open = openAt !== null;

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (openAt === "last" ? list.at(-1) : list[0])?.focus();
    // A press anywhere outside closes the menu.
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, openAt]);

  const close = (refocus: boolean) => {
    setOpenAt(null);
    if (refocus) document.getElementById(buttonId)?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpenAt(event.key === "ArrowUp" ? "last" : "first");
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case "ArrowDown":
        return move(index + 1);
      case "ArrowUp":
        return move(index - 1);
      case "Home":
        return move(0);
      case "End":
        return move(list.length - 1);
      case "Escape":
        event.preventDefault();
        return close(true);
      case "Tab":
        return close(false);
    }
  };

  return (
    <div
      ref={wrapperRef}
      className="action-menu"
      onBlur={(event) => {
        if (open && !wrapperRef.current?.contains(event.relatedTarget)) setOpenAt(null);
      }}
    >
      <Button
        id={buttonId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={pending}
        busy={busy}
        onClick={() => (open ? close(false) : setOpenAt("first"))}
        onKeyDown={onButtonKeyDown}
      >
        {t("moreActions")}
        <span aria-hidden="true">{open ? "▴" : "▾"}</span>
      </Button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="action-menu-list"
          onKeyDown={onMenuKeyDown}
        >
          {actions.map((action) => (
            <button
              key={action.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="action-menu-item"
              onClick={() => {
                close(true);
                onChoose(action);
              }}
            >
              {action.title}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
