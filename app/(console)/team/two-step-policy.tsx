'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';

import { renderedRegister } from '@/components/forms/rendered-register';
import { useActionForm } from '@/components/forms/use-action-form';
import { useHydrated } from '@/components/forms/use-hydrated';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/components/ui/toast';
import { setTwoStepPolicyAction } from '@/lib/actions/team';

type Policy = 'none' | 'admins' | 'everyone';
const POLICIES: Policy[] = ['none', 'admins', 'everyone'];

/** The team's second-factor policy, chosen by an admin. */
export function TwoStepPolicy({ policy }: { policy: Policy }) {
  const t = useTranslations('team.twoStep');
  const router = useRouter();
  const [, startTransition] = useTransition();
  const {
    register,
    getValues,
    submit,
    formError,
    formState: { isSubmitting },
    reset,
  } = useActionForm<{ policy: Policy }>({ defaultValues: { policy } });
  const rendered = renderedRegister({ register, getValues });
  const hydrated = useHydrated();
  const onSubmit = submit(setTwoStepPolicyAction, (saved) => {
    reset({ policy: saved.policy });
    notify(t(`saved.${saved.policy}`));
    startTransition(() => router.refresh());
  });
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate>
      {formError && (
        <Notice tone="danger" className="w-full">
          {formError}
        </Notice>
      )}
      <FormField label={t('requiredFor')} id="two-step-policy" className="min-w-56 flex-1 sm:max-w-sm">
        <Select {...rendered('policy')}>
          {POLICIES.map((p) => (
            <option key={p} value={p}>
              {t(`policy.${p}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <Button type="submit" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? t('saving') : t('save')}
      </Button>
    </form>
  );
}
