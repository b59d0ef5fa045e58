'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { z } from 'zod';

import { useActionForm } from '@/components/forms/use-action-form';
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
  const { register, submit, formError, formState } = useActionForm<z.infer<typeof EnrolmentCodeInput>>({
    resolver: zodResolver(EnrolmentCodeInput),
    defaultValues: { enrolmentCode: '' },
    fields: ['enrolmentCode'],
    toast: false,
  });
  const onSubmit = submit(({ enrolmentCode }) => beginTwoStepAction({ step: 'begin', enrolmentCode }), onBegun);
  return (
    <form className="space-y-3" onSubmit={onSubmit} noValidate>
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
          formState.errors.enrolmentCode?.message === 'enrolmentCode'
            ? t('validation.enrolmentCode')
            : formState.errors.enrolmentCode?.message
        }
        id="enrolment-code"
      >
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('enrolmentCode')} />
      </FormField>
      <Button type="submit" width="full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('preparing') : t('setUp')}
      </Button>
    </form>
  );
}
