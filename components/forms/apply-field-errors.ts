import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import type { FieldErrors } from '@/lib/actions/result';

/**
 * Puts an action's field errors (`ActionResult.fieldErrors`) on the form's inputs, each error's
 * messages joined, and focuses the first input in error. `fields` names the form's inputs, or
 * maps an error's key to one; keys that name no input of the form are left to the form's notice.
 */
export function applyFieldErrors<T extends FieldValues>(
  fieldErrors: FieldErrors | undefined,
  fields: readonly Path<T>[] | ((key: string) => Path<T> | undefined),
  setError: UseFormSetError<T>,
): void {
  const fieldOf =
    typeof fields === 'function'
      ? fields
      : (key: string) => ((fields as readonly string[]).includes(key) ? (key as Path<T>) : undefined);
  let focused = false;
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const field = fieldOf(key);
    if (!field) continue;
    setError(field, { message: messages.join('; ') }, { shouldFocus: !focused });
    focused = true;
  }
}
