import type { FieldValues, Resolver } from "react-hook-form";

/** A resolver loaded on first use (its zod is not in the first load); a failed load is retried. */
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
  return resolver;
}
