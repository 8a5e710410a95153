import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver loaded on first use: the form's schema brings zod, which the page's
 * first load does without. Every check awaits it (react-hook-form awaits resolvers), so what is
 * checked and when is the same; a failed load is tried again at the next check.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let loading: Promise<Resolver<T>> | null = null;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, {
    /** Starts loading the resolver now, so the first check does not wait for it. */
    preload: () => {
      get().catch(() => undefined);
    },
  });
}
