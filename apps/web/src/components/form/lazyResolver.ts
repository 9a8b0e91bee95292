import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<T extends FieldValues> = Resolver<T> & {
  /** Starts loading the validation code (on the form's first focus) so the first submit does not wait for it. */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose code (zod and the shared schema, ~40 KB of script to download and evaluate)
 * loads when it is first needed, not with the page: a listing's page shows its contact form at once but only
 * validates it on submit (Lighthouse: building zod's schemas was a 20–35 ms task on the page's start).
 * If the code cannot load (offline), the form goes to the server as it is: the server checks it with the same
 * shared schema and its message is shown like any other error from the server.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a later submit tries again
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) => {
    let resolve: Resolver<T>;
    try {
      resolve = await get();
    } catch {
      return { values, errors: {} };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}
