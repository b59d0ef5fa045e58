'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';

import { renderedRegister } from '@/components/forms/rendered-register';
import { useActionForm } from '@/components/forms/use-action-form';
import { useHydrated } from '@/components/forms/use-hydrated';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/components/ui/toast';
import { setLargePartySizeAction } from '@/lib/actions/notification-preferences';
import { LargePartySizeInput, type LargePartySize } from '@/lib/notifications/preferences';

/** From how many guests a party booked for today is told to the team (an admin's choice). */
export function LargePartyForm({ size }: { size: number }) {
  const t = useTranslations('notificationPreferences.largeParty');
  const router = useRouter();
  const [, startTransition] = useTransition();
  const hydrated = useHydrated();
  const form = useActionForm<LargePartySize>({
    resolver: zodResolver(LargePartySizeInput),
    defaultValues: { size },
  });
  const {
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const field = renderedRegister(form);
  const onSubmit = submit<unknown>(
    (values) => setLargePartySizeAction(values),
    (_, values) => {
      reset(values);
      notify(t('saved', { size: String(values.size) }));
      startTransition(() => router.refresh());
    },
  );
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={onSubmit}
      noValidate
      data-testid="large-party-form"
    >
      {formError && <Notice tone="danger">{formError}</Notice>}
      <FormField label={t('label')} description={t('description')} error={errors.size?.message}>
        <Input
          type="number"
          inputMode="numeric"
          min={2}
          max={100}
          className="max-w-28"
          {...field('size', { valueAsNumber: true })}
        />
      </FormField>
      <Button type="submit" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? t('saving') : t('save')}
      </Button>
    </form>
  );
}
