"use client";

import { useEffect, useRef, type ReactNode } from "react";

type StatusScreenProps = {
  title: string;
  tone?: "info" | "error" | "warning" | "success";
  children?: ReactNode;
  actions?: ReactNode;
};

/** A full state of a page (expired, not found, submitted, …) with a heading that takes focus. */
export function StatusScreen({ title, tone = "info", children, actions }: StatusScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Moving focus announces the new state to screen readers when it replaces the form.
    heading.current?.focus();
  }, [title]);
  return (
    <section className="card stack" data-tone={tone} aria-labelledby="status-title">
      <h1 id="status-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
      {actions ? <div className="actions">{actions}</div> : null}
    </section>
  );
}
