import { useMemo, useState } from "react";

/** What a file field reports up: uploads still running and uploads that failed. */
export type FileFieldState = { pending: number; failed: number };

/**
 * Every field's state with `name`'s report in it; the same object when the report says nothing
 * new (a field mounting reports none running), so the form does not render again for it.
 */
export function withFileState(
  all: Record<string, FileFieldState>,
  name: string,
  state: FileFieldState,
): Record<string, FileFieldState> {
  const known = all[name] ?? { pending: 0, failed: 0 };
  return known.pending === state.pending && known.failed === state.failed
    ? all
    : { ...all, [name]: state };
}

/** Every file field of a form's uploads; `names` must keep its identity between renders. */
export function useFileStates(names: readonly string[]) {
  const [states, setStates] = useState<Record<string, FileFieldState>>({});
  const setters = useMemo(
    () =>
      Object.fromEntries(
        names.map((name) => [
          name,
          (state: FileFieldState) => setStates((all) => withFileState(all, name, state)),
        ]),
      ),
    [names],
  );
  const all = Object.values(states);
  return {
    setters,
    uploading: all.reduce((sum, state) => sum + state.pending, 0),
    failed: all.reduce((sum, state) => sum + state.failed, 0),
  };
}
