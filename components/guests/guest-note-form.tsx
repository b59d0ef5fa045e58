'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { z } from 'zod';

import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { notify } from '@/components/ui/toast';
import { setGuestNoteAction } from '@/lib/actions/guests';
import { GuestNoteInputSchema } from '@/lib/guests/schemas';

const NoteFormSchema = GuestNoteInputSchema.pick({ note: true });
type NoteForm = z.input<typeof NoteFormSchema>;

/** Staff's note on a guest (allergies, preferences), saved in the dashboard only. */
export function GuestNoteForm({ email, note, reservationId }: { email: string; note: string; reservationId: string }) {
  const t = useTranslations('guests.note');
  const router = useRouter();
  const {
    register,
    reset,
    formState: { errors, isSubmitting, isDirty },
    formError,
    submit,
  } = useActionForm<NoteForm>({ resolver: zodResolver(NoteFormSchema), defaultValues: { note }, fields: ['note'] });
  // The note as the page now shows it (another member's change), unless this member is editing it.
  useEffect(() => {
    if (!isDirty) reset({ note });
  }, [note]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new note from the page resets the form
  return (
    <form
      noValidate
      className="space-y-2"
      data-testid="guest-note-form"
      onSubmit={submit(
        ({ note }) => setGuestNoteAction({ email, note, reservationId }),
        (data) => {
          reset({ note: data.note });
          notify(t('saved'));
          router.refresh();
        },
      )}
    >
      <FormField label={t('label')} description={`${t('hint')} ${t('mentionHint')}`} error={errors.note?.message}>
        <Textarea rows={3} defaultValue={note} {...register('note')} data-testid="guest-note-input" />
      </FormField>
      <p aria-live="polite" className="text-sm text-rose-700 empty:hidden">
        {formError ?? ''}
      </p>
      <Button type="submit" variant="secondary" disabled={isSubmitting || !isDirty} data-testid="guest-note-save">
        {isSubmitting ? t('saving') : t('save')}
      </Button>
    </form>
  );
}
