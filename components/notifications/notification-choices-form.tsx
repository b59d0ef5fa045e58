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
import { Input, Select } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/components/ui/toast';
import { saveNotificationChoicesAction, setNotificationDefaultsAction } from '@/lib/actions/notification-preferences';
import type { StaffRole } from '@/lib/auth/roles';
import {
  kindKey,
  NOTIFICATION_CHANNELS,
  NotificationChoicesOnly,
  SaveNotificationChoicesInput,
  sendsMail,
  type NotificationChoice,
  type SaveNotificationChoices,
} from '@/lib/notifications/preferences';

/**
 * A choice per kind of notification (in the console, by e-mail at once, in the daily e-mail, or
 * off): the member's own (on their account page: each kind told in their words, whether it is
 * still their team's default, and when their daily e-mail goes out), or an admin's defaults for
 * one role (`role` given, on the Team page). Without a mail server the e-mail choices are shown
 * but cannot be taken.
 */
export function NotificationChoicesForm({
  choices,
  role,
  digest,
  mailReady,
  testId,
}: {
  choices: (NotificationChoice & { own?: boolean })[];
  /** the role whose defaults these are, with its name in the reader's language */
  role?: { role: StaffRole; label: string };
  /** the member's own form: their digest's time (HH:MM) and their zone */
  digest?: { time: string; zone: string };
  /** whether the dashboard sends e-mail (SMTP_URL) */
  mailReady: boolean;
  testId: string;
}) {
  const t = useTranslations('notificationPreferences');
  const router = useRouter();
  const [, startTransition] = useTransition();
  const hydrated = useHydrated();
  const form = useActionForm<SaveNotificationChoices>({
    // The Team page's form holds the choices alone (no digest time: that is each member's).
    resolver: zodResolver(
      (role ? NotificationChoicesOnly : SaveNotificationChoicesInput) as typeof SaveNotificationChoicesInput,
    ),
    defaultValues: {
      choices: choices.map(({ kind, channel }) => ({ kind, channel })),
      ...(digest ? { digestTime: digest.time } : {}),
    },
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
      {!mailReady && !role && (
        <Notice tone="info" data-testid="notifications-no-mail">
          {t('mailNotSetUp')}
        </Notice>
      )}
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
                <option key={c} value={c} disabled={!mailReady && sendsMail(c)}>
                  {t(`channel.${c}`)}
                </option>
              ))}
            </Select>
          </FormField>
        );
      })}
      {digest && mailReady && (
        <FormField
          label={t('digestTime.label')}
          description={t('digestTime.description', { zone: digest.zone })}
          error={errors.digestTime?.message}
        >
          <Input type="time" step={60} required className="max-w-40" {...field('digestTime')} />
        </FormField>
      )}
      <Button type="submit" disabled={!hydrated || isSubmitting} className={role ? undefined : 'w-full'}>
        {isSubmitting ? t('saving') : role ? t('defaults.save', { role: role.label }) : t('save')}
      </Button>
    </form>
  );
}
