// Types of embed.js, for portals written in TypeScript: copy this file beside your code, or
// reference it, and load the script from the app (`<script src="https://forms.example.com/embed.js">`).

export type HumanInputTheme = "light" | "dark";

/** What the form tells its portal. Every event also has `source` and `formToken`. */
export type HumanInputEvent = { source: "dify-human-input"; formToken: string } & (
  | { type: "ready" }
  | { type: "resize"; height: number }
  | { type: "submitted"; actionId: string; actionTitle: string }
  | { type: "run-progress"; nodeTitle: string; status: string }
  | { type: "run-finished"; status: string; outputs: Record<string, unknown> }
  | { type: "paused-again"; nextFormToken: string | null }
  | { type: "expired" }
  | { type: "error"; code: string; message: string }
);

export type HumanInputEventType = HumanInputEvent["type"];

export interface HumanInputMountOptions {
  /** The signed form link (`https://…/form/{token}?…&sig=…`); `embed=1` is added. */
  link: string;
  /** Overrides the viewer's system setting; change it later with `setTheme`. */
  theme?: HumanInputTheme;
  /** `en`, `zh-Hans` or `ja`; unset: the viewer's browser language. */
  lang?: string;
  /** The frame's accessible name (default "Workflow request"). */
  title?: string;
  onEvent?: (event: HumanInputEvent) => void;
}

export interface HumanInputFormHandle {
  /** Removes the frame and the script's message listener. */
  destroy(): void;
  setTheme(theme: HumanInputTheme): void;
}

export interface HumanInputForms {
  mount(element: HTMLElement, options: HumanInputMountOptions): HumanInputFormHandle;
}

/** `<human-input-form link="…" theme="dark" lang="ja">`; events as DOM events on the element. */
export interface HumanInputFormElement extends HTMLElement {
  setTheme(theme: HumanInputTheme): void;
}

/** The DOM events: `human-input:submitted`, `human-input:run-finished`, … (they bubble). */
export type HumanInputEventMap = {
  [K in HumanInputEventType as `human-input:${K}`]: CustomEvent<
    Extract<HumanInputEvent, { type: K }>
  >;
};

declare global {
  interface Window {
    HumanInputForms: HumanInputForms;
  }
  interface HTMLElementTagNameMap {
    "human-input-form": HumanInputFormElement;
  }
}
