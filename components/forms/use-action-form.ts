import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps } from 'react-hook-form';

import { notify } from '@/components/ui/toast';
import type { ActionResult } from '@/lib/actions/result';

import { applyFieldErrors } from './apply-field-errors';

/** A server action's refusal, as `ActionResult` carries it. */
export type Refusal = Extract<ActionResult<unknown>, { ok: false }>;

export interface ActionFormOptions<T extends FieldValues> extends UseFormProps<T> {
  /** the inputs a refusal's field errors go on (see applyFieldErrors); the others are left to the form's notice */
  fields?: readonly Path<T>[] | ((key: string) => Path<T> | undefined);
  /** whether a refusal is also announced in a toast, beside the form's notice (yes unless the form says it alone) */
  toast?: boolean;
}

/**
 * A react-hook-form form whose submit calls a server action. `submit(send, done, refused)` is the
 * form's `onSubmit`: it checks the inputs, clears the last refusal (`formError`), sends the values
 * and, on a refusal, announces it in a toast, keeps its message in `formError` for the form's
 * notice and puts its field errors on the inputs, focusing the first; then it calls `refused`.
 * On success it calls `done` with the action's data. `send` may answer nothing, when it decided
 * not to call the action (nothing changed, say). The button shows `formState.isSubmitting` until
 * `done` or `refused` has run.
 */
export function useActionForm<T extends FieldValues>({ fields, toast = true, ...props }: ActionFormOptions<T>) {
  const form = useForm<T>(props);
  const [formError, setFormError] = useState<string | null>(null);
  const { handleSubmit, setError } = form;

  const submit = <D>(
    send: (values: T) => Promise<ActionResult<D> | void>,
    done?: (data: D, values: T) => unknown,
    refused?: (refusal: Refusal, values: T) => unknown,
  ) =>
    handleSubmit(async (values) => {
      setFormError(null);
      const r = await send(values);
      if (!r) return;
      if (r.ok) {
        await done?.(r.data, values);
        return;
      }
      if (toast) notify(r.error, 'error');
      setFormError(r.error);
      if (fields) applyFieldErrors(r.fieldErrors, fields, setError);
      await refused?.(r, values);
    });

  return { ...form, formError, submit };
}
