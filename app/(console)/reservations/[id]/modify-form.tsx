'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';

import { renderedRegister } from '@/components/forms/rendered-register';
import { useActionForm } from '@/components/forms/use-action-form';
import { refreshAfterSave, useUnsavedEdits } from '@/components/live/live-follow';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { LiveRegion } from '@/components/ui/live-region';
import { Notice } from '@/components/ui/notice';
import { notify, notifyUndoable } from '@/components/ui/toast';
import {
  holdReservationChangeAction,
  updateReservationAction,
  withdrawReservationChangeAction,
} from '@/lib/actions/reservations';
import { LOCALE_CODES, localeName } from '@/lib/guestbook/locales';
import { isFinalStatus } from '@/lib/guestbook/reservation-statuses';
import { invalidateAfterReservationChange } from '@/lib/queries/invalidate';
import {
  ModifyReservationFormSchema,
  UNDOABLE_RESERVATION_FIELDS,
  type ModifyReservationValues,
  type ReservationChanges,
  type ReservationExpected,
} from '@/lib/reservations/schemas';

import { changedFields, expectedFor, modifyFieldOf, type ModifyField } from '../modify-fields';

/** A change of the notes or party size alone: Undo is offered for a few seconds. */
const undoable = (changes: ReservationChanges): changes is Pick<ReservationChanges, 'party_size' | 'notes'> =>
  Object.keys(changes).every((f) => (UNDOABLE_RESERVATION_FIELDS as readonly string[]).includes(f));

/**
 * Such a change that also waits out the undo window on the server before the guest is told: all
 * but a larger party, which Guest Book may refuse for the seats (the member learns that at once).
 */
const holdable = (changes: ReservationChanges, from: ModifyReservationValues) =>
  undoable(changes) && (changes.party_size === undefined || changes.party_size < from.party_size);

type Saved<A extends (...args: never[]) => Promise<unknown>> = Extract<Awaited<ReturnType<A>>, { ok: true }>['data'];
/** A save's answer: the reservation as saved, and the held change's id when it waits for its undo window. */
type SavedChange = Saved<typeof updateReservationAction> | Saved<typeof holdReservationChangeAction>;

const idOf = (name: ModifyField) => `modify-${name.replace('.', '-')}`;

function errorOf(errors: FieldErrors<ModifyReservationValues>, name: ModifyField): string | undefined {
  if (name.startsWith('guest.'))
    return errors.guest?.[name.slice(6) as keyof ModifyReservationValues['guest']]?.message;
  return errors[name as Exclude<ModifyField, `guest.${string}`>]?.message;
}

/** Change a reservation's booking, language, notes or guest details; only the changed fields are sent. */
export function ModifyForm({
  id,
  context,
  status,
  defaults,
  onSaved,
}: {
  id: string;
  context: string;
  status: string;
  defaults: ModifyReservationValues;
  /** The member's save (or its Undo) landed: the form shows these values, the reservation as the API answered. */
  onSaved?: (values: ModifyReservationValues) => void;
}) {
  const t = useTranslations('booking.modify');
  const tb = useTranslations('booking');
  const uiLocale = useLocale();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<'saved' | 'nothing' | 'overwritten' | null>(null);
  const [current, setCurrent] = useState(defaults);
  const modifiable = !isFinalStatus(status);
  const {
    register,
    getValues,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useActionForm<ModifyReservationValues>({
    resolver: zodResolver(ModifyReservationFormSchema),
    defaultValues: defaults,
    fields: modifyFieldOf,
  });
  const rendered = renderedRegister({ register, getValues });
  // While edited, the page does not change under the member (components/live): another member's
  // change shows a banner, whose "Show the new version" puts the form back (ModifyPanel then opens
  // it anew with the page's new values).
  useUnsavedEdits(isDirty, () => reset(defaults));

  /** Shows `values` as the reservation's own, after a save or an Undo. */
  const settle = (values: ModifyReservationValues) => {
    setCurrent(values);
    reset(values);
    onSaved?.(values);
    void invalidateAfterReservationChange(queryClient, context);
    refreshAfterSave(router);
  };

  const send = async (values: ModifyReservationValues) => {
    setNotice(null);
    const changes = changedFields(current, values);
    if (Object.keys(changes).length === 0) {
      setNotice('nothing');
      return;
    }
    // Sent with what the form was opened with: a field someone else changed since is not written over.
    const expected = expectedFor(current, changes);
    // Party size and notes alone wait out the undo window on the server: an Undo within it never reaches the guest.
    return undoable(changes) && holdable(changes, current)
      ? holdReservationChangeAction({ id, changes, expected })
      : updateReservationAction({ id, changes, expected });
  };

  const onSubmit = submit<SavedChange>(send, (r, values) => {
    const before = current;
    const next: ModifyReservationValues = {
      party_size: r.party_size ?? values.party_size,
      date: r.date ?? values.date,
      time: r.time ?? values.time,
      locale: (LOCALE_CODES as readonly string[]).includes(r.locale)
        ? (r.locale as ModifyReservationValues['locale'])
        : values.locale,
      notes: r.notes ?? '',
      guest: r.guest ? { ...r.guest, phone: r.guest.phone ?? '' } : values.guest,
    };
    settle(next);
    if (r.overwritten.length) {
      // Another change landed on the same fields right after this one: the form shows its values.
      setNotice('overwritten');
      return notify(t('overwritten'), 'error');
    }
    setNotice('saved');
    if (!undoable(changedFields(before, values))) return notify(t('savedToast'));
    // Undo withdraws a held change; one sent (or being sent) has the old values written back over
    // the saved ones (refused if someone changed them since).
    const back = changedFields(next, before);
    const expected: ReservationExpected = {};
    if ('party_size' in back) expected.party_size = next.party_size;
    if ('notes' in back) expected.notes = next.notes;
    const held = 'held' in r ? r.held : null;
    notifyUndoable(held ? t('heldToast') : t('savedToast'), async () => {
      const withdrawn = held ? await withdrawReservationChangeAction({ held }) : null;
      const undone = withdrawn?.ok
        ? withdrawn
        : await updateReservationAction({ id, changes: back, expected, undo: true });
      if (undone.ok) {
        settle({ ...next, party_size: before.party_size, notes: before.notes });
        setNotice(null);
      }
      return undone;
    });
  });

  const field = (name: ModifyField, control: React.ReactElement<{ id?: string }>) => (
    <FormField label={t(`fields.${name}`)} error={errorOf(errors, name)} id={idOf(name)}>
      {control}
    </FormField>
  );
  /** The value the server renders, so the form shows the reservation before it is interactive. */
  const initial = (name: ModifyField) => {
    const v = name.startsWith('guest.')
      ? defaults.guest[name.slice(6) as keyof ModifyReservationValues['guest']]
      : defaults[name as Exclude<ModifyField, `guest.${string}`>];
    return typeof v === 'number' ? (Number.isNaN(v) ? '' : v) : (v ?? '');
  };
  const described = (name: ModifyField) => ({ defaultValue: initial(name) });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="modify-form" aria-label={t('formLabel')}>
      <LiveRegion>
        {formError && (
          <Notice tone="danger" data-testid="modify-error">
            {formError}
          </Notice>
        )}
        {notice === 'saved' && (
          <Notice tone="success" data-testid="modify-saved">
            {t('saved')}
          </Notice>
        )}
        {notice === 'nothing' && <Notice data-testid="modify-nothing">{t('nothing')}</Notice>}
        {notice === 'overwritten' && (
          <Notice tone="warning" data-testid="modify-overwritten">
            {t('overwritten')}
          </Notice>
        )}
      </LiveRegion>
      <fieldset disabled={!modifiable || isSubmitting} className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {field(
            'party_size',
            <Input
              type="number"
              min={1}
              max={50}
              step={1}
              inputMode="numeric"
              {...described('party_size')}
              {...rendered('party_size', { valueAsNumber: true })}
            />,
          )}
          {field(
            'locale',
            <Select {...described('locale')} {...rendered('locale')}>
              {!(LOCALE_CODES as readonly string[]).includes(defaults.locale) && (
                <option value={defaults.locale}>{t('unsupportedLocale', { locale: defaults.locale })}</option>
              )}
              {LOCALE_CODES.map((code) => (
                <option key={code} value={code}>
                  {tb('localeWithCode', { name: localeName(code, uiLocale), code })}
                </option>
              ))}
            </Select>,
          )}
          {field('date', <Input type="date" {...described('date')} {...rendered('date')} />)}
          {field('time', <Input type="time" step={60} {...described('time')} {...rendered('time')} />)}
          {field(
            'guest.first_name',
            <Input autoComplete="off" {...described('guest.first_name')} {...rendered('guest.first_name')} />,
          )}
          {field(
            'guest.last_name',
            <Input autoComplete="off" {...described('guest.last_name')} {...rendered('guest.last_name')} />,
          )}
          {field(
            'guest.email',
            <Input type="email" autoComplete="off" {...described('guest.email')} {...rendered('guest.email')} />,
          )}
          {field(
            'guest.phone',
            <Input type="tel" autoComplete="off" {...described('guest.phone')} {...rendered('guest.phone')} />,
          )}
        </div>
        {field('notes', <Textarea rows={3} {...described('notes')} {...rendered('notes')} />)}
        <p className="text-xs text-slate-500">{t('hint')}</p>
        <Button type="submit">{isSubmitting ? t('saving') : t('save')}</Button>
      </fieldset>
    </form>
  );
}
