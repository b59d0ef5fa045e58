'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';

import { renderedRegister } from '@/components/forms/rendered-register';
import { useActionForm } from '@/components/forms/use-action-form';
import { useHydrated } from '@/components/forms/use-hydrated';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { LiveRegion } from '@/components/ui/live-region';
import { Notice } from '@/components/ui/notice';
import { saveLanguageAndZoneAction } from '@/lib/actions/preferences';
import { LANGUAGE_NAMES, UI_LOCALES, type UiLocale } from '@/lib/i18n/locales';
import { LanguageAndZoneInput, type LanguageAndZone, type ZoneChoice } from '@/lib/i18n/member-settings';

/** The member's console language and the zone of their own timestamps, kept with their account. */
export function LanguageForm({
  language,
  timeZone,
  zones,
}: {
  language: UiLocale | null;
  timeZone: string | null;
  /** every zone with its offset, name and city, in the member's language (worded on the server) */
  zones: ZoneChoice[];
}) {
  const t = useTranslations('settings');
  const router = useRouter();
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(false);
  const labelOf = useMemo(() => new Map(zones.map((z) => [z.id, z.label])), [zones]);
  const browserZone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : null;
  const form = useActionForm<LanguageAndZone>({
    resolver: zodResolver(LanguageAndZoneInput),
    defaultValues: { language: language ?? '', timeZone: timeZone ?? 'UTC' },
  });
  const {
    submit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const chosen = labelOf.get(watch('timeZone'));
  const field = renderedRegister(form);

  // A member whose browser never named a zone starts from the browser's, not from UTC.
  useEffect(() => {
    if (!timeZone && browserZone) setValue('timeZone', browserZone);
  }, [timeZone, browserZone, setValue]);

  const onSubmit = submit(
    (values) => {
      setSaved(false);
      return saveLanguageAndZoneAction(values);
    },
    () => {
      // The page is drawn again in the language chosen, the confirmation with it.
      setSaved(true);
      router.refresh();
    },
  );

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate data-testid="language-form">
      <LiveRegion>
        {saved && (
          <Notice tone="success" data-testid="language-saved">
            {t('saved')}
          </Notice>
        )}
      </LiveRegion>
      <FormField label={t('language')} id="language">
        <Select {...field('language')}>
          <option value="">{t('browserLanguage')}</option>
          {UI_LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label={t('timeZone')}
        id="timeZone"
        description={[chosen, browserZone ? t('browserZone', { zone: browserZone }) : null].filter(Boolean).join(' · ')}
        error={errors.timeZone ? t('unknownTimeZone') : undefined}
      >
        {/* A searchable list: type a city, a zone's name or its offset. */}
        <Input list="time-zone-choices" autoComplete="off" spellCheck={false} {...field('timeZone')} />
      </FormField>
      <datalist id="time-zone-choices">
        {zones.map((zone) => (
          <option key={zone.id} value={zone.id} label={zone.label} />
        ))}
      </datalist>
      <Button type="submit" disabled={!hydrated || isSubmitting} className="w-full">
        {isSubmitting ? t('saving') : t('save')}
      </Button>
    </form>
  );
}
