'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { useHydrated } from '@/components/forms/use-hydrated';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';

import { signInErrorCode, type SignInErrorCode } from './messages';
import { LoginInputSchema, type LoginInput, type LoginValidationKey } from './schema';

/** The browser's time zone: the member's own timestamps are shown in it until they choose one. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function LoginForm({
  callbackPath,
  initialError,
}: {
  callbackPath: string;
  initialError: SignInErrorCode | null;
}) {
  const t = useTranslations('login');
  const router = useRouter();
  const [formError, setFormError] = useState<SignInErrorCode | null>(initialError);
  // shown once the password was right for a member with two-step sign-in
  const [askCode, setAskCode] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(LoginInputSchema) });
  // tests wait for it (data-hydrated)
  const hydrated = useHydrated();

  const onSubmit = async (values: LoginInput) => {
    setFormError(null);
    // next-auth reads the outcome from the URL it answers with, which is the callback URL: left
    // to default to this page's, an earlier `?error=` in it would read as this sign-in's error.
    const result = await signIn('credentials', {
      ...values,
      timeZone: browserTimeZone(),
      redirect: false,
      callbackUrl: callbackPath,
    });
    if (!result || result.error) {
      const code = result?.error ?? '';
      if (code === 'second_factor' || code === 'second_factor_invalid') {
        setAskCode(true);
      }
      setFormError(signInErrorCode(code));
      return;
    }
    router.replace(callbackPath);
    router.refresh();
  };

  const invalid = (message: string | undefined) =>
    message ? t(`validation.${message as LoginValidationKey}`) : undefined;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" data-hydrated={hydrated || undefined}>
      <div aria-live="polite" className="min-h-0">
        {formError && (
          <Notice tone="danger" data-testid="login-error">
            {t(`errors.${formError}`)}
          </Notice>
        )}
      </div>
      <FormField label={t('email')} error={invalid(errors.email?.message)} id="email">
        <Input type="email" autoComplete="username" autoFocus {...register('email')} />
      </FormField>
      <FormField label={t('password')} error={invalid(errors.password?.message)} id="password">
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      {askCode && (
        <FormField label={t('code')} error={invalid(errors.code?.message)} id="code">
          <Input autoFocus autoComplete="one-time-code" spellCheck={false} {...register('code')} />
        </FormField>
      )}
      <Button type="submit" disabled={isSubmitting} width="full">
        {isSubmitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
