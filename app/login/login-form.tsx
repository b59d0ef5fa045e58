'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { lazyZodResolver } from '@/components/forms/lazy-zod-resolver';
import { SIGN_IN_ERRORS } from './messages';
import type { LoginInput } from './schema';

const resolver = lazyZodResolver<LoginInput>(() => import('./schema').then((m) => m.LoginInput));

export function LoginForm({ callbackPath, initialError }: { callbackPath: string; initialError: string | null }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(initialError);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver });
  useEffect(() => resolver.preload(), []);

  const onSubmit = async (values: LoginInput) => {
    setFormError(null);
    const result = await signIn('credentials', { ...values, redirect: false });
    if (!result || result.error) {
      setFormError(SIGN_IN_ERRORS[result?.error ?? ''] ?? 'Sign-in failed. Try again.');
      return;
    }
    router.replace(callbackPath);
    router.refresh();
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <div aria-live="polite" className="min-h-0">
        {formError && (
          <p data-testid="login-error" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200">
            {formError}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor="email" className="block text-sm font-medium text-slate-700">
          E-mail
        </label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          autoFocus
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? 'email-error' : undefined}
          className="block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500"
          {...register('email')}
        />
        {errors.email && (
          <p id="email-error" className="text-sm text-rose-700">
            {errors.email.message}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor="password" className="block text-sm font-medium text-slate-700">
          Password
        </label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'password-error' : undefined}
          className="block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500"
          {...register('password')}
        />
        {errors.password && (
          <p id="password-error" className="text-sm text-rose-700">
            {errors.password.message}
          </p>
        )}
      </div>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
