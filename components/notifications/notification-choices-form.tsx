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
import { Select } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/components/ui/toast';
import { saveNotificationChoicesAction, setNotificationDefaultsAction } from '@/lib/actions/notification-preferences';
import type { StaffRole } from '@/lib/auth/roles';
import {
  kindKey,
  NOTIFICATION_CHANNELS,
  SaveNotificationChoicesInput,
  type NotificationChoice,
  type SaveNotificationChoices,
} from '@/lib/notifications/preferences';

/**
 * A choice per kind of notification, in the console or off: the member's own (on their account
 * page: each kind told in their words, and whether it is still their team's default), or an
 * admin's defaults for one role (`role` given, on the Team page).
 */
export function NotificationChoicesForm({
  choices,
  role,
  testId,
}: {
  choices: (NotificationChoice & { own?: boolean })[];
  /** the role whose defaults these are, with its name in the reader's language */
  role?: { role: StaffRole; label: string };
  testId: string;
}) {
  const t = useTranslations('notificationPreferences');
  const router = useRouter();
  const [, startTransition] = useTransition();
  const hydrated = useHydrated();
  const form = useActionForm<SaveNotificationChoices>({
    resolver: zodResolver(SaveNotificationChoicesInput),
    defaultValues: { choices: choices.map(({ kind, channel }) => ({ kind, channel })) },
  });
  const {
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const field = renderedRegister(form);
  const onSubmit = submit<unknown>(
    (values) =>
      role ? setNotificationDefaultsAction({ role: role.role, ...values }) : saveNotificationChoicesAction(values),
    (_, values) => {
      reset(values);
      notify(role ? t('defaults.saved', { role: role.label }) : t('saved'));
      startTransition(() => router.refresh());
    },
  );
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate data-testid={testId}>
      {formError && <Notice tone="danger">{formError}</Notice>}
      {choices.map((choice, i) => {
        const key = kindKey(choice.kind);
        const description = role
          ? undefined
          : `${t(`kind.${key}.description`)}${choice.own === false ? ` ${t('teamDefault')}` : ''}`;
        return (
          <FormField
            key={choice.kind}
            label={t(`kind.${key}.label`)}
            description={description}
            error={errors.choices?.[i]?.channel?.message}
          >
            <Select {...field(`choices.${i}.channel`)}>
              {NOTIFICATION_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {t(`channel.${c}`)}
                </option>
              ))}
            </Select>
          </FormField>
        );
      })}
      <Button type="submit" disabled={!hydrated || isSubmitting} className={role ? undefined : 'w-full'}>
        {isSubmitting ? t('saving') : role ? t('defaults.save', { role: role.label }) : t('save')}
      </Button>
    </form>
  );
}
