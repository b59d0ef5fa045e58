'use client';

import { useTranslations } from 'next-intl';
import { useState, type ChangeEvent } from 'react';

import { renderedRegister } from '@/components/forms/rendered-register';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Checkbox, Input, Select } from '@/components/ui/input';
import { addStaffMemberAction } from '@/lib/actions/team';
import { STAFF_ROLES, type StaffRole } from '@/lib/auth/roles';

import type { TeamNotice } from './notice';

interface NewMember {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
  ssoOnly: boolean;
}

/** Adds a member; the server action validates, and its field errors show on the fields. */
export interface AddMemberProps {
  pending: boolean;
  onSettled: (notice: TeamNotice) => void;
  /** the company sign-in's name, when it is set up: a member may then sign in through it only */
  sso: string | null;
}

export function AddMemberForm({ pending, onSettled, sso }: AddMemberProps) {
  const t = useTranslations('team');
  const [ssoOnly, setSsoOnly] = useState(false);
  const {
    register,
    getValues,
    setValue,
    submit,
    reset,
    formState: { errors, isSubmitting },
  } = useActionForm<NewMember>({
    defaultValues: { email: '', name: '', role: 'viewer', password: '', ssoOnly: false },
    fields: ['email', 'name', 'role', 'password', 'ssoOnly'],
    // the team's notice says it, and settles its toast
    toast: false,
  });
  const rendered = renderedRegister({ register, getValues });

  const onSubmit = submit(
    addStaffMemberAction,
    (added) => {
      reset();
      setSsoOnly(false);
      const enrolmentCode = added.enrolmentCode ?? undefined;
      onSettled(
        added.oneTimePassword
          ? {
              tone: 'ok',
              text: t('add.addedWithPassword', { email: added.member.email }),
              secret: added.oneTimePassword,
              enrolmentCode,
            }
          : { tone: 'ok', text: t('add.added', { email: added.member.email }), enrolmentCode },
      );
    },
    (refusal) => onSettled({ tone: 'error', text: refusal.error }),
  );

  return (
    <form
      className="grid grid-cols-1 gap-3 border-t border-slate-100 pt-5 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('add.title')}
    >
      <h2 className="text-sm font-semibold text-slate-800 sm:col-span-2 lg:col-span-5">{t('add.title')}</h2>
      <FormField label={t('add.email')} error={errors.email?.message} id="new-email">
        <Input type="email" autoComplete="off" {...rendered('email')} />
      </FormField>
      <FormField label={t('add.name')} error={errors.name?.message} id="new-name">
        <Input autoComplete="off" {...rendered('name')} />
      </FormField>
      <FormField label={t('add.password')} error={errors.password?.message} id="new-password" className="lg:col-span-2">
        <Input type="password" autoComplete="new-password" disabled={ssoOnly} {...rendered('password')} />
      </FormField>
      <FormField label={t('add.role')} error={errors.role?.message} id="new-role">
        <Select {...rendered('role')}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roleLabel.${r}`)}
            </option>
          ))}
        </Select>
      </FormField>
      {sso && (
        <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2 lg:col-span-5">
          <Checkbox
            {...register('ssoOnly', {
              onChange: (e: ChangeEvent<HTMLInputElement>) => {
                setSsoOnly(e.target.checked);
                if (e.target.checked) setValue('password', '');
              },
            })}
          />
          {t('add.ssoOnly', { sso })}
        </label>
      )}
      <div className="flex items-end sm:col-span-2 lg:col-span-5">
        <Button type="submit" disabled={pending || isSubmitting}>
          {isSubmitting ? t('add.submitting') : t('add.submit')}
        </Button>
      </div>
    </form>
  );
}
