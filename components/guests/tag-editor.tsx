'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { z } from 'zod';

import { useActionForm } from '@/components/forms/use-action-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toast';
import {
  addGuestTagAction,
  addReservationTagAction,
  removeGuestTagAction,
  removeReservationTagAction,
} from '@/lib/actions/guests';
import type { ActionResult } from '@/lib/actions/result';
import { SUGGESTED_GUEST_TAGS, SUGGESTED_RESERVATION_TAGS, Tag } from '@/lib/guests/schemas';

const TagFormSchema = z.strictObject({ tag: Tag });
type TagForm = z.input<typeof TagFormSchema>;

/** What the tags are on: a guest (by e-mail) or a reservation. */
export type TagTarget = { kind: 'guest'; email: string } | { kind: 'reservation'; id: string };

function send(target: TagTarget, tag: string, add: boolean): Promise<ActionResult<{ tags: string[] }>> {
  if (target.kind === 'reservation')
    return (add ? addReservationTagAction : removeReservationTagAction)({ reservationId: target.id, tag });
  return (add ? addGuestTagAction : removeGuestTagAction)({ email: target.email, tag });
}

/**
 * Staff's tags on a guest or a reservation, each with its Remove button, and a field to add one
 * (with the usual tags suggested). The page refreshes after each change, as do the other members'
 * pages that show this guest (the change feed).
 */
export function TagEditor({ target, tags: initial, label }: { target: TagTarget; tags: string[]; label: string }) {
  const t = useTranslations('guests.tags');
  const router = useRouter();
  const listId = useId();
  const [tags, setTags] = useState(initial);
  // The page's tags once it refreshed (another member's change too), without remounting the field being typed in.
  const [shown, setShown] = useState(initial.join('\n'));
  if (shown !== initial.join('\n')) {
    setShown(initial.join('\n'));
    setTags(initial);
  }
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
    submit,
  } = useActionForm<TagForm>({ resolver: zodResolver(TagFormSchema), defaultValues: { tag: '' }, fields: ['tag'] });
  const done = (data: { tags: string[] }, tag: string, added: boolean) => {
    setTags(data.tags);
    notify(added ? t('added', { tag }) : t('removed', { tag }));
    router.refresh();
  };
  const suggested = target.kind === 'guest' ? SUGGESTED_GUEST_TAGS : SUGGESTED_RESERVATION_TAGS;
  const testId = `${target.kind}-tags`;

  return (
    <div className="space-y-3" data-testid={`${testId}-editor`}>
      {tags.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={label} data-testid={testId}>
          {tags.map((tag) => (
            <li key={tag} className="flex items-center gap-1">
              <Badge tone="accent">{tag}</Badge>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('remove', { tag })}
                onClick={async () => {
                  const r = await send(target, tag, false);
                  if (r.ok) done(r.data, tag, false);
                  else notify(r.error, 'error');
                }}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{t('none')}</p>
      )}
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={submit(
          ({ tag }) => send(target, tag, true),
          (data, { tag }) => {
            done(data, tag.trim(), true);
            reset({ tag: '' });
          },
        )}
      >
        <FormField label={t('newTag')} error={errors.tag?.message} className="min-w-40 flex-1">
          <Input list={listId} autoComplete="off" {...register('tag')} data-testid={`${testId}-input`} />
        </FormField>
        <datalist id={listId}>
          {suggested.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <Button type="submit" variant="secondary" disabled={isSubmitting} data-testid={`${testId}-add`}>
          {t('add')}
        </Button>
      </form>
    </div>
  );
}
