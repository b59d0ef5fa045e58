'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { LOCALE_CODES, LOCALES } from '@/lib/guestbook/locales';
import { invalidateAfterReservationChange } from '@/lib/queries/invalidate';
import { updateReservation } from '../actions';
import { lazyZodResolver } from '@/components/forms/lazy-zod-resolver';
import { changedFields, FINAL_STATUSES, isModifiable, modifyFieldOf, type ModifyField } from '../modify-fields';
import type { ModifyReservationForm } from '../schemas';

const resolver = lazyZodResolver<ModifyReservationForm>(() => import('../schemas').then((m) => m.ModifyReservationForm));

const input = 'block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500 disabled:bg-slate-50 disabled:text-slate-500';

const LABELS: Record<ModifyField, string> = {
  party_size: 'Party size',
  date: 'Date',
  time: 'Time',
  locale: 'Locale',
  notes: 'Notes',
  'guest.first_name': 'First name',
  'guest.last_name': 'Last name',
  'guest.email': 'E-mail',
  'guest.phone': 'Phone',
};

const STATUS_WORDS: Record<(typeof FINAL_STATUSES)[number], string> = { canceled: 'canceled', completed: 'completed', no_show: 'marked as a no-show' };

const idOf = (name: ModifyField) => `modify-${name.replace('.', '-')}`;

function errorOf(errors: FieldErrors<ModifyReservationForm>, name: ModifyField): string | undefined {
  if (name.startsWith('guest.')) return errors.guest?.[name.slice(6) as keyof ModifyReservationForm['guest']]?.message;
  return errors[name as Exclude<ModifyField, `guest.${string}`>]?.message;
}

/** Change a reservation's booking, language, notes or guest details; only the changed fields are sent. */
export function ModifyForm({ id, context, status, defaults }: { id: string; context: string; status: string; defaults: ModifyReservationForm }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<'saved' | 'nothing' | null>(null);
  const [current, setCurrent] = useState(defaults);
  const modifiable = isModifiable(status);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ModifyReservationForm>({ resolver, defaultValues: defaults });
  useEffect(() => resolver.preload(), []);

  const onSubmit = async (values: ModifyReservationForm) => {
    setFormError(null);
    setNotice(null);
    const changes = changedFields(current, values);
    if (Object.keys(changes).length === 0) {
      setNotice('nothing');
      return;
    }
    const result = await updateReservation({ id, changes });
    if (!result.ok) {
      setFormError(result.error);
      for (const [key, messages] of Object.entries(result.fieldErrors ?? {})) {
        const field = modifyFieldOf(key);
        if (field) setError(field, { message: messages.join('; ') }, { shouldFocus: true });
      }
      return;
    }
    const r = result.data;
    const next: ModifyReservationForm = {
      party_size: r.party_size ?? values.party_size,
      date: r.date ?? values.date,
      time: r.time ?? values.time,
      locale: (LOCALE_CODES as readonly string[]).includes(r.locale) ? (r.locale as ModifyReservationForm['locale']) : values.locale,
      notes: r.notes ?? '',
      guest: r.guest ? { ...r.guest, phone: r.guest.phone ?? '' } : values.guest,
    };
    setCurrent(next);
    reset(next);
    setNotice('saved');
    void invalidateAfterReservationChange(queryClient, context);
    router.refresh();
  };

  const field = (name: ModifyField, control: React.ReactNode) => {
    const message = errorOf(errors, name);
    return (
      <div className="space-y-1.5">
        <label htmlFor={idOf(name)} className="block text-sm font-medium text-slate-700">
          {LABELS[name]}
        </label>
        {control}
        {message && (
          <p id={`${idOf(name)}-error`} className="text-sm text-rose-700" data-testid={`${idOf(name)}-error`}>
            {message}
          </p>
        )}
      </div>
    );
  };
  /** The value the server renders, so the form shows the reservation before it is interactive. */
  const initial = (name: ModifyField) => {
    const v = name.startsWith('guest.') ? defaults.guest[name.slice(6) as keyof ModifyReservationForm['guest']] : defaults[name as Exclude<ModifyField, `guest.${string}`>];
    return typeof v === 'number' ? (Number.isNaN(v) ? '' : v) : (v ?? '');
  };
  const described = (name: ModifyField) => {
    const invalid = !!errorOf(errors, name);
    return { id: idOf(name), defaultValue: initial(name), 'aria-invalid': invalid, 'aria-describedby': invalid ? `${idOf(name)}-error` : undefined };
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="modify-form" aria-label="Modify reservation">
      {!modifiable && (
        <p id="modify-disabled" className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="modify-disabled">
          This reservation is {STATUS_WORDS[status as (typeof FINAL_STATUSES)[number]] ?? status}; the API no longer accepts changes to it.
        </p>
      )}
      <div aria-live="polite">
        {formError && (
          <p className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200" data-testid="modify-error">
            {formError}
          </p>
        )}
        {notice === 'saved' && (
          <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800 ring-1 ring-emerald-200" data-testid="modify-saved">
            Saved.
          </p>
        )}
        {notice === 'nothing' && (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="modify-nothing">
            Nothing changed.
          </p>
        )}
      </div>
      <fieldset disabled={!modifiable || isSubmitting} aria-describedby={modifiable ? undefined : 'modify-disabled'} className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {field('party_size', <input type="number" min={1} max={50} step={1} inputMode="numeric" className={input} {...described('party_size')} {...register('party_size', { valueAsNumber: true })} />)}
          {field(
            'locale',
            <select className={input} {...described('locale')} {...register('locale')}>
              {!(LOCALE_CODES as readonly string[]).includes(defaults.locale) && <option value={defaults.locale}>Unsupported locale ({defaults.locale})</option>}
              {LOCALE_CODES.map((code) => (
                <option key={code} value={code}>
                  {LOCALES[code]} ({code})
                </option>
              ))}
            </select>,
          )}
          {field('date', <input type="date" className={input} {...described('date')} {...register('date')} />)}
          {field('time', <input type="time" step={60} className={input} {...described('time')} {...register('time')} />)}
          {field('guest.first_name', <input autoComplete="off" className={input} {...described('guest.first_name')} {...register('guest.first_name')} />)}
          {field('guest.last_name', <input autoComplete="off" className={input} {...described('guest.last_name')} {...register('guest.last_name')} />)}
          {field('guest.email', <input type="email" autoComplete="off" className={input} {...described('guest.email')} {...register('guest.email')} />)}
          {field('guest.phone', <input type="tel" autoComplete="off" className={input} {...described('guest.phone')} {...register('guest.phone')} />)}
        </div>
        {field('notes', <textarea rows={3} className={input} {...described('notes')} {...register('notes')} />)}
        <p className="text-xs text-slate-500">Only the fields you change are sent. The guest is sent a modification e-mail in the reservation’s language.</p>
        <Button type="submit">{isSubmitting ? 'Saving…' : 'Save changes'}</Button>
      </fieldset>
    </form>
  );
}
