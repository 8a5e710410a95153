import { useMemo, useState } from "react";

/** What a file field reports up: uploads still running and uploads that failed. */
export type FileFieldState = { pending: number; failed: number };

/** Every file field of a form's uploads; `names` must keep its identity between renders. */
export function useFileStates(names: readonly string[]) {
  const [states, setStates] = useState<Record<string, FileFieldState>>({});
  const setters = useMemo(
    () =>
      Object.fromEntries(
        names.map((name) => [
          name,
          (state: FileFieldState) =>
            setStates((all) =>
              all[name]?.pending === state.pending && all[name]?.failed === state.failed
                ? all
                : { ...all, [name]: state },
            ),
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
