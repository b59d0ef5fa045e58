'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { changeOwnPassword } from './actions';

export function PasswordForm() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ error?: string; fieldErrors?: Record<string, string[]> }>({});

  return (
    <form
      className="space-y-4"
      action={(form) =>
        startTransition(async () => {
          const r = await changeOwnPassword({ password: String(form.get('password')), confirm: String(form.get('confirm')) });
          if (r.ok) {
            router.replace('/');
            router.refresh();
          } else setResult(r);
        })
      }
    >
      <p aria-live="polite" className="text-sm text-rose-700" data-testid="password-error">
        {result.error}
      </p>
      {(['password', 'confirm'] as const).map((name) => (
        <div key={name} className="space-y-1.5">
          <label htmlFor={name} className="block text-sm font-medium text-slate-700">
            {name === 'password' ? 'New password (at least 12 characters)' : 'Repeat the new password'}
          </label>
          <input
            id={name}
            name={name}
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={!!result.fieldErrors?.[name]}
            aria-describedby={result.fieldErrors?.[name] ? `${name}-error` : undefined}
            className="block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500"
          />
          {result.fieldErrors?.[name] && (
            <p id={`${name}-error`} className="text-sm text-rose-700">
              {result.fieldErrors[name]!.join('; ')}
            </p>
          )}
        </div>
      ))}
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Saving…' : 'Save the new password'}
      </Button>
    </form>
  );
}
