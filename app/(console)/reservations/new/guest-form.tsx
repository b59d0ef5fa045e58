'use client';

import { useEffect, useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { lazyZodResolver } from '@/components/forms/lazy-zod-resolver';
import { Button } from '@/components/ui/button';
import { LOCALE_CODES, LOCALES, type LocaleCode } from '@/lib/guestbook/locales';
import type { GuestForm as GuestValues } from './schemas';

const resolver = lazyZodResolver<GuestValues>(() => import('./schemas').then((m) => m.GuestForm));

const input = 'block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500 disabled:bg-slate-50';
type Field = keyof GuestValues;
const LABELS: Record<Field, string> = { first_name: 'First name', last_name: 'Last name', email: 'E-mail', phone: 'Phone (optional)', notes: 'Notes (optional)', locale: 'Guest’s language' };
export const GUEST_FIELDS = Object.keys(LABELS) as Field[];

/** The guest's details, validated by the shared schema in the browser and again by the server action. */
export function GuestForm({
  defaultLocale,
  defaultLocaleName,
  disabled,
  confirmLabel,
  onConfirm,
}: {
  defaultLocale: LocaleCode;
  defaultLocaleName: string;
  disabled: boolean;
  confirmLabel: string;
  /** resolves to server-side field errors to show, if any */
  onConfirm: (values: GuestValues, setError: UseFormSetError<GuestValues>) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GuestValues>({ resolver, defaultValues: { first_name: '', last_name: '', email: '', phone: '', notes: '', locale: defaultLocale } });
  useEffect(() => resolver.preload(), []);
  // Followed through its change event (not watch/useWatch, which would grow the form library's chunk for every form).
  const [locale, setLocale] = useState<string>(defaultLocale);

  const field = (name: Field, control: React.ReactNode, hint?: React.ReactNode) => {
    const message = errors[name]?.message;
    return (
      <div className="space-y-1.5">
        <label htmlFor={`guest-${name}`} className="block text-sm font-medium text-slate-700">
          {LABELS[name]}
        </label>
        {control}
        {hint}
        {message && (
          <p id={`guest-${name}-error`} className="text-sm text-rose-700" data-testid={`guest-${name}-error`}>
            {message}
          </p>
        )}
      </div>
    );
  };
  const attrs = (name: Field) => ({ id: `guest-${name}`, 'aria-invalid': !!errors[name], 'aria-describedby': errors[name] ? `guest-${name}-error` : undefined, ...register(name) });

  return (
    <form onSubmit={handleSubmit((v) => onConfirm(v, setError))} noValidate className="space-y-4" aria-label="Guest" data-testid="guest-form">
      <fieldset disabled={disabled || isSubmitting} className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {field('first_name', <input autoComplete="off" className={input} {...attrs('first_name')} />)}
          {field('last_name', <input autoComplete="off" className={input} {...attrs('last_name')} />)}
          {field('email', <input type="email" autoComplete="off" className={input} {...attrs('email')} />)}
          {field('phone', <input type="tel" autoComplete="off" className={input} {...attrs('phone')} />)}
        </div>
        {field('notes', <textarea rows={2} className={input} {...attrs('notes')} />)}
        {field(
          'locale',
          <select className={input} {...attrs('locale')} {...register('locale', { onChange: (e: React.ChangeEvent<HTMLSelectElement>) => setLocale(e.target.value) })}>
            {LOCALE_CODES.map((code) => (
              <option key={code} value={code}>
                {LOCALES[code]} ({code}){code === defaultLocale ? ' — entity default' : ''}
              </option>
            ))}
          </select>,
          <p className="text-xs text-slate-500" data-testid="guest-locale-hint">
            {locale === defaultLocale
              ? `The entity’s default language, ${defaultLocaleName} (${defaultLocale}). The confirmation e-mail is sent in it.`
              : `The confirmation e-mail is sent in ${LOCALES[locale as LocaleCode] ?? locale}, not the entity’s default ${defaultLocaleName}.`}
          </p>,
        )}
        <Button type="submit" data-testid="booking-confirm">
          {isSubmitting ? 'Booking…' : confirmLabel}
        </Button>
      </fieldset>
    </form>
  );
}
