'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { applyFieldErrors } from '@/components/forms/apply-field-errors';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { beginTwoStepAction } from '@/lib/actions/account';

const EnrolmentCodeInput = z.strictObject({
  enrolmentCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{12,20}$/, { error: 'enrolmentCode' }),
});

/**
 * The first step of setting up two-step sign-in for a member whose account carries an enrolment
 * code (an admin added them or reset their two-step sign-in): the code the admin was shown, then
 * the authenticator's key.
 */
export function EnrolmentCodeForm({ onBegun }: { onBegun: (enrolment: { secret: string; qrSvg: string }) => void }) {
  const t = useTranslations('account.twoStep');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof EnrolmentCodeInput>>({
    resolver: zodResolver(EnrolmentCodeInput),
    defaultValues: { enrolmentCode: '' },
  });
  const onSubmit = async ({ enrolmentCode }: z.infer<typeof EnrolmentCodeInput>) => {
    setFormError(null);
    const r = await beginTwoStepAction({ step: 'begin', enrolmentCode });
    if (r.ok) return onBegun(r.data);
    setFormError(r.error);
    applyFieldErrors(r.fieldErrors, ['enrolmentCode'], setError);
  };
  return (
    <form className="space-y-3" onSubmit={handleSubmit(onSubmit)} noValidate>
      <p className="text-sm text-slate-600">{t('enrolmentCodeIntro')}</p>
      {formError && (
        <Notice tone="danger" data-testid="enrolment-code-refused">
          {formError}
        </Notice>
      )}
      <FormField
        label={t('enrolmentCode')}
        // the form's own check gives a key; the action's refusal, its words already in the member's language
        error={
          errors.enrolmentCode?.message === 'enrolmentCode'
            ? t('validation.enrolmentCode')
            : errors.enrolmentCode?.message
        }
        id="enrolment-code"
      >
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('enrolmentCode')} />
      </FormField>
      <Button type="submit" width="full" disabled={isSubmitting}>
        {isSubmitting ? t('preparing') : t('setUp')}
      </Button>
    </form>
  );
}
