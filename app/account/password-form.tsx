'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LiveRegion } from '@/components/ui/live-region';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/components/ui/toast';
import { changeOwnPasswordAction } from '@/lib/actions/account';
import { ChangePasswordInput } from '@/lib/auth/password-policy';

export function PasswordForm({ oneTime }: { oneTime: boolean }) {
  const t = useTranslations('account.password');
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const labels: Record<keyof ChangePasswordInput, { label: string; autoComplete: string }> = {
    current: { label: oneTime ? t('oneTime') : t('current'), autoComplete: 'current-password' },
    password: { label: t('new'), autoComplete: 'new-password' },
    confirm: { label: t('repeat'), autoComplete: 'new-password' },
  };
  const names = Object.keys(labels) as (keyof ChangePasswordInput)[];
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = useActionForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInput),
    defaultValues: { current: '', password: '', confirm: '' },
    fields: names,
  });

  const onSubmit = submit(
    (values) => {
      setSaved(false);
      return changeOwnPasswordAction(values);
    },
    () => {
      reset();
      if (oneTime) {
        router.replace('/');
        router.refresh();
      } else {
        setSaved(true);
        notify(t('changedToast'));
      }
    },
  );

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      <LiveRegion>
        {formError && (
          <Notice tone="danger" data-testid="password-error">
            {formError}
          </Notice>
        )}
        {saved && (
          <Notice tone="success" data-testid="password-saved">
            {t('changed')}
          </Notice>
        )}
      </LiveRegion>
      {names.map((name) => (
        <FormField key={name} label={labels[name].label} error={errors[name]?.message} id={name}>
          <Input type="password" autoComplete={labels[name].autoComplete} {...register(name)} />
        </FormField>
      ))}
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('saving') : t('save')}
      </Button>
    </form>
  );
}
