'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { lazyZodResolver } from '@/components/forms/lazy-zod-resolver';
import { Button } from '@/components/ui/button';
import type { ChangePasswordInput } from '@/lib/auth/password-policy';
import { changeOwnPassword } from './actions';

const resolver = lazyZodResolver<ChangePasswordInput>(() => import('@/lib/auth/password-policy').then((m) => m.ChangePasswordInput));

export function PasswordForm({ oneTime }: { oneTime: boolean }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({ resolver, defaultValues: { current: '', password: '', confirm: '' } });
  useEffect(() => resolver.preload(), []);

  const labels: Record<keyof ChangePasswordInput, { label: string; autoComplete: string }> = {
    current: { label: oneTime ? 'One-time password' : 'Current password', autoComplete: 'current-password' },
    password: { label: 'New password (at least 12 characters)', autoComplete: 'new-password' },
    confirm: { label: 'Repeat the new password', autoComplete: 'new-password' },
  };

  const onSubmit = async (values: ChangePasswordInput) => {
    setFormError(null);
    setSaved(false);
    const r = await changeOwnPassword(values);
    if (r.ok) {
      reset();
      if (oneTime) {
        router.replace('/');
        router.refresh();
      } else setSaved(true);
      return;
    }
    setFormError(r.error);
    for (const [field, messages] of Object.entries(r.fieldErrors ?? {})) {
      if (field in labels) setError(field as Path<ChangePasswordInput>, { message: messages.join('; ') });
    }
  };

  return (
    <form className="space-y-4" onSubmit={handleSubmit(onSubmit)} noValidate>
      <div aria-live="polite">
        {formError && (
          <p className="text-sm text-rose-700" data-testid="password-error">
            {formError}
          </p>
        )}
        {saved && (
          <p className="text-sm text-emerald-700" data-testid="password-saved">
            Password changed. Every other session of your account has ended.
          </p>
        )}
      </div>
      {(Object.keys(labels) as (keyof ChangePasswordInput)[]).map((name) => (
        <div key={name} className="space-y-1.5">
          <label htmlFor={name} className="block text-sm font-medium text-slate-700">
            {labels[name].label}
          </label>
          <input
            id={name}
            type="password"
            autoComplete={labels[name].autoComplete}
            aria-invalid={!!errors[name]}
            aria-describedby={errors[name] ? `${name}-error` : undefined}
            className="block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500"
            {...register(name)}
          />
          {errors[name] && (
            <p id={`${name}-error`} className="text-sm text-rose-700">
              {errors[name].message}
            </p>
          )}
        </div>
      ))}
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Saving…' : 'Save the new password'}
      </Button>
    </form>
  );
}
