import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

import { firstUseProps } from '@/components/ui/lazy';

export interface LazyResolver<T extends FieldValues> extends Resolver<T> {
  /** starts loading the schema (and zod) now, e.g. once the form is on screen */
  preload(): void;
  /**
   * Props for a `<form>` that is on the page from its first paint: the schema loads when the
   * pointer, a finger or the focus first comes to the form, not while the page is still starting
   * (on a phone, evaluating zod then would block the main thread for about 90 ms).
   */
  loadOnFirstUse: ReturnType<typeof firstUseProps>;
}

/**
 * A react-hook-form resolver whose zod schema is loaded on demand: the form's page is sent
 * without the validation library, which follows when the form is opened or first used
 * (`preload`, `loadOnFirstUse`) or at the first validation, whichever comes first. The server action validates with the same
 * schema whatever the browser did.
 */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<z.ZodType<T, unknown>>): LazyResolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  const get = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<T>,
    ));
  const resolver = (async (values, context, options) => (await get())(values, context, options)) as LazyResolver<T>;
  resolver.preload = () => void get();
  resolver.loadOnFirstUse = firstUseProps(resolver.preload);
  return resolver;
}
