'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { z } from 'zod';

import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/components/ui/toast';
import { beginTwoStepAction, confirmTwoStepAction, removeOwnTwoStepAction } from '@/lib/actions/account';

import { EnrolmentCodeForm } from './enrolment-code-form';

const CodeInput = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'code' }),
});
/** The forms' errors are keys of `account.twoStep.validation`. */
type ValidationKey = 'code' | 'current';
const PasswordInput = z.strictObject({ current: z.string().min(1, { error: 'current' }) });
/** A field's error: the forms' own checks give a key; an action's refusal, its words in the member's language. */
const fieldError = (t: (key: `validation.${ValidationKey}`) => string, message: string | undefined) =>
  message === 'code' || message === 'current' ? t(`validation.${message}`) : message;

/**
 * Two-step sign-in on the account page: set up with an authenticator app (its QR code made on the
 * server, or the secret typed in), confirmed by its first code, then 10 recovery codes shown once.
 * When on: how many recovery codes are left, and turning it off after the current password. An
 * account that carries an enrolment code gives it first (`codeRequired`).
 */
export function TwoStep({
  enabled,
  codesLeft,
  required,
  codeRequired,
}: {
  enabled: boolean;
  codesLeft: number;
  required: boolean;
  codeRequired: boolean;
}) {
  const t = useTranslations('account.twoStep');
  const router = useRouter();
  const [enrolment, setEnrolment] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setError(null);
    setStarting(true);
    const r = await beginTwoStepAction({ step: 'begin' });
    setStarting(false);
    if (r.ok) setEnrolment(r.data);
    else setError(r.error);
  };

  if (recoveryCodes)
    return (
      <div className="space-y-3">
        <Notice tone="success" data-testid="two-step-on">
          {t('onWithCodes')}
        </Notice>
        <ol className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-800" aria-label={t('recoveryCodes')}>
          {recoveryCodes.map((c) => (
            <li key={c} data-testid="recovery-code" className="rounded bg-slate-100 px-2 py-1 text-center">
              {c}
            </li>
          ))}
        </ol>
        <Button
          width="full"
          onClick={() => {
            router.replace('/');
            router.refresh();
          }}
        >
          {t('saved')}
        </Button>
      </div>
    );

  if (enabled) return <TurnOff codesLeft={codesLeft} required={required} onDone={() => router.refresh()} />;

  if (!enrolment && codeRequired) return <EnrolmentCodeForm onBegun={setEnrolment} />;

  if (!enrolment)
    return (
      <div className="space-y-3">
        {error && <Notice tone="danger">{error}</Notice>}
        <Button width="full" onClick={start} disabled={starting}>
          {starting ? t('preparing') : t('setUp')}
        </Button>
      </div>
    );

  return (
    <Confirm
      enrolment={enrolment}
      onConfirmed={(codes) => {
        setRecoveryCodes(codes);
        setEnrolment(null);
      }}
    />
  );
}

function Confirm({
  enrolment,
  onConfirmed,
}: {
  enrolment: { secret: string; qrSvg: string };
  onConfirmed: (codes: string[]) => void;
}) {
  const t = useTranslations('account.twoStep');
  const { register, submit, formError, formState } = useActionForm<z.infer<typeof CodeInput>>({
    resolver: zodResolver(CodeInput),
    defaultValues: { code: '' },
    fields: ['code'],
  });
  const onSubmit = submit(confirmTwoStepAction, ({ recoveryCodes }) => {
    notify(t('onToast'));
    onConfirmed(recoveryCodes);
  });
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      <p className="text-sm text-slate-600">{t('scan')}</p>
      <div
        className="mx-auto w-44 rounded bg-white p-1"
        role="img"
        aria-label={t('qr')}
        // made on the server by the QR library from the key and the e-mail; no other input
        dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
      />
      <p className="break-all text-center font-mono text-sm text-slate-800" data-testid="two-step-secret">
        {enrolment.secret}
      </p>
      {formError && (
        <Notice tone="danger" data-testid="two-step-error">
          {formError}
        </Notice>
      )}
      <FormField label={t('code')} error={fieldError(t, formState.errors.code?.message)} id="two-step-code">
        <Input inputMode="numeric" autoComplete="one-time-code" {...register('code')} />
      </FormField>
      <Button type="submit" width="full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('checking') : t('turnOn')}
      </Button>
    </form>
  );
}

function TurnOff({ codesLeft, required, onDone }: { codesLeft: number; required: boolean; onDone: () => void }) {
  const t = useTranslations('account.twoStep');
  const { register, submit, formError, formState } = useActionForm<z.infer<typeof PasswordInput>>({
    resolver: zodResolver(PasswordInput),
    defaultValues: { current: '' },
    fields: ['current'],
  });
  const onSubmit = submit(removeOwnTwoStepAction, () => {
    notify(t('offToast'));
    onDone();
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600" data-testid="two-step-status">
        {t('status', { left: codesLeft })}
      </p>
      {required ? (
        <p className="text-sm text-slate-500">{t('required')}</p>
      ) : (
        <form className="space-y-3" onSubmit={onSubmit} noValidate>
          {formError && <Notice tone="danger">{formError}</Notice>}
          <FormField
            label={t('current')}
            error={fieldError(t, formState.errors.current?.message)}
            id="two-step-current"
          >
            <Input type="password" autoComplete="current-password" {...register('current')} />
          </FormField>
          <Button type="submit" variant="secondary" width="full" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('turningOff') : t('turnOff')}
          </Button>
        </form>
      )}
    </div>
  );
}
