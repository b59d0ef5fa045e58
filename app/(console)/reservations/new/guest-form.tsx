'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';

import { renderedRegister } from '@/components/forms/rendered-register';
import { useActionForm, type Refusal } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { createBookingAction } from '@/lib/actions/booking';
import { GuestFormSchema, type GuestDetails } from '@/lib/booking/schemas';
import { LOCALE_CODES, localeName, type LocaleCode } from '@/lib/guestbook/locales';

import { GuestLookup } from './guest-lookup';

type Field = keyof GuestDetails;
/** The form's fields, each labelled by `booking.guest.fields.<field>`. */
export const GUEST_FIELDS: Field[] = ['first_name', 'last_name', 'email', 'phone', 'notes', 'locale'];

/**
 * The booking flow around the form's submit (useActionForm's `submit`): `confirm` answers the
 * hold to book, or null when there is none to book; a refusal is announced and its field errors
 * put on the inputs before `refused` runs.
 */
export interface GuestFormSubmit {
  confirm: () => { id: string; expiresAt: string } | null;
  booked: (reservation: { id: string }, values: GuestDetails) => unknown;
  refused: (refusal: Refusal, values: GuestDetails) => unknown;
}

/** The guest's details, validated by the shared schema in the browser and again by the server action. */
export function GuestForm({
  entityId,
  defaultLocale,
  defaultLocaleName,
  disabled,
  confirmLabel,
  onConfirm,
}: {
  /** the entity the reservation is booked in */
  entityId: string;
  defaultLocale: LocaleCode;
  defaultLocaleName: string;
  disabled: boolean;
  confirmLabel: string;
  onConfirm: GuestFormSubmit;
}) {
  const t = useTranslations('booking');
  const uiLocale = useLocale();
  const {
    register,
    getValues,
    submit,
    formState: { errors, isSubmitting },
  } = useActionForm<GuestDetails>({
    fields: GUEST_FIELDS,
    resolver: zodResolver(GuestFormSchema),
    defaultValues: { first_name: '', last_name: '', email: '', phone: '', notes: '', locale: defaultLocale },
  });
  const rendered = renderedRegister({ register, getValues });
  // Followed through its change event (not watch/useWatch, which would grow the form library's chunk for every form).
  const [locale, setLocale] = useState<string>(defaultLocale);
  const [email, setEmail] = useState('');

  const field = (name: Field, control: React.ReactElement<{ id?: string }>, description?: React.ReactNode) => (
    <FormField
      id={`guest-${name}`}
      label={t(`guest.fields.${name}`)}
      error={errors[name]?.message}
      description={description}
    >
      {control}
    </FormField>
  );

  return (
    <form
      onSubmit={submit(
        async (guest) => {
          const hold = onConfirm.confirm();
          if (hold) return createBookingAction({ entityId, hold: { id: hold.id, expires_at: hold.expiresAt }, guest });
        },
        onConfirm.booked,
        onConfirm.refused,
      )}
      noValidate
      className="space-y-4"
      aria-label={t('guest.formLabel')}
      data-testid="guest-form"
    >
      <fieldset disabled={disabled || isSubmitting} className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {field('first_name', <Input autoComplete="off" {...rendered('first_name')} />)}
          {field('last_name', <Input autoComplete="off" {...rendered('last_name')} />)}
          {field(
            'email',
            <Input
              type="email"
              autoComplete="off"
              {...rendered('email', {
                onChange: (e: React.ChangeEvent<HTMLInputElement>) => setEmail(e.target.value),
              })}
            />,
          )}
          {field('phone', <Input type="tel" autoComplete="off" {...rendered('phone')} />)}
        </div>
        <GuestLookup email={email} />
        {field('notes', <Textarea rows={2} {...rendered('notes')} />)}
        {field(
          'locale',
          <Select
            {...rendered('locale', {
              onChange: (e: React.ChangeEvent<HTMLSelectElement>) => setLocale(e.target.value),
            })}
          >
            {LOCALE_CODES.map((code) => (
              <option key={code} value={code}>
                {t(code === defaultLocale ? 'guest.localeOptionDefault' : 'localeWithCode', {
                  name: localeName(code, uiLocale),
                  code,
                })}
              </option>
            ))}
          </Select>,
          <span data-testid="guest-locale-hint">
            {locale === defaultLocale
              ? t('guest.localeHintDefault', { name: defaultLocaleName, code: defaultLocale })
              : t('guest.localeHintOther', {
                  name: localeName(locale, uiLocale),
                  defaultName: defaultLocaleName,
                })}
          </span>,
        )}
        <Button type="submit" data-testid="booking-confirm">
          {isSubmitting ? t('guest.booking') : confirmLabel}
        </Button>
      </fieldset>
    </form>
  );
}
