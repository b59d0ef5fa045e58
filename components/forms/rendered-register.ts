import type { FieldPath, FieldValues, RegisterOptions, UseFormGetValues, UseFormRegister } from 'react-hook-form';

/**
 * `register` for a form the server renders. react-hook-form puts a field's value into its input
 * only once the page's JavaScript runs, so the HTML shows empty inputs and each select's first
 * option until then (an entity's name blank, a policy that is not the saved one). These props
 * also carry the value as the input's `defaultValue`, so the page shows it from the first paint.
 */
export function renderedRegister<T extends FieldValues>({
  register,
  getValues,
}: {
  register: UseFormRegister<T>;
  getValues: UseFormGetValues<T>;
}) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => {
    const value: unknown = getValues(name);
    return {
      ...register(name, options),
      defaultValue: typeof value === 'string' || typeof value === 'number' ? value : undefined,
    };
  };
}
