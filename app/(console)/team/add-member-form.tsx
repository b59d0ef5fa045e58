'use client';

import { useTranslations } from 'next-intl';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';

import { applyFieldErrors } from '@/components/forms/apply-field-errors';
import { renderedRegister } from '@/components/forms/rendered-register';
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
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewMember>({
    defaultValues: { email: '', name: '', role: 'viewer', password: '', ssoOnly: false },
  });
  const rendered = renderedRegister({ register, getValues });

  const onSubmit = async (values: NewMember) => {
    const r = await addStaffMemberAction(values);
    if (!r.ok) {
      applyFieldErrors(r.fieldErrors, ['email', 'name', 'role', 'password', 'ssoOnly'], setError);
      onSettled({ tone: 'error', text: r.error });
      return;
    }
    reset();
    setSsoOnly(false);
    const enrolmentCode = r.data.enrolmentCode ?? undefined;
    onSettled(
      r.data.oneTimePassword
        ? {
            tone: 'ok',
            text: t('add.addedWithPassword', { email: r.data.member.email }),
            secret: r.data.oneTimePassword,
            enrolmentCode,
          }
        : { tone: 'ok', text: t('add.added', { email: r.data.member.email }), enrolmentCode },
    );
  };

  return (
    <form
      className="grid grid-cols-1 gap-3 border-t border-slate-100 pt-5 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={handleSubmit(onSubmit)}
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
              {t(`role.${r}`)}
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
