import type { ReactNode, Ref } from "react";
import { Button } from "@/components/ui/button";

/** The review step of either metadata form: what will be sent, then send and back. */
export function MetadataReview({
  id,
  title,
  headingRef,
  children,
  send,
  back,
}: {
  id: string;
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
  /** The primary action; none once it is done. */
  send: { label: string; pending: boolean; disabled?: boolean; onClick: () => void } | null;
  back: { label: string; onClick: () => void };
}) {
  const pending = send?.pending ?? false;
  return (
    <section className="review stack" aria-labelledby={id}>
      <h3 id={id} ref={headingRef} tabIndex={-1}>
        {title}
      </h3>
      {children}
      <div className="actions">
        {send ? (
          <Button
            variant="primary"
            disabled={pending || send.disabled}
            busy={pending}
            onClick={send.onClick}
          >
            {send.label}
          </Button>
        ) : null}
        <Button disabled={pending} onClick={back.onClick}>
          {back.label}
        </Button>
      </div>
    </section>
  );
}
