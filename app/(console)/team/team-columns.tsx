'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import type { DataTableFeatures } from '@/components/ui/data-table';
import { Select } from '@/components/ui/input';
import { Link } from '@/components/ui/link';
import type { ActionResult } from '@/lib/actions/result';
import { changeStaffAccessAction, resetStaffPasswordAction, resetStaffTwoStepAction } from '@/lib/actions/team';
import { STAFF_ROLES, type StaffRole } from '@/lib/auth/roles';

import type { TeamNotice } from './notice';

export interface Member {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  /** has two-step sign-in */
  twoStep: boolean;
  /** signs in through company sign-in only */
  ssoOnly: boolean;
}

/** What a row offers, each asked first in a dialog named by its key (`team.<key>.title`, …). */
interface RowAction {
  key: 'resetPassword' | 'resetTwoStep' | 'enable' | 'disable';
  variant: 'ghost' | 'secondary' | 'danger';
  tone: 'danger' | 'primary';
  /** runs the action; answers the notice the page shows */
  run: () => Promise<TeamNotice>;
}

/** A member's actions: a password or two-step reset, enable or disable (not one's own account). */
function MemberActions({
  member: m,
  self,
  pending,
  settle,
}: {
  member: Member;
  self: boolean;
  pending: boolean;
  settle: (notice: TeamNotice) => void;
}) {
  const t = useTranslations('team');
  /** The notice after an action: done, with what it hands over once, or its refusal. */
  const told = <D,>(
    key: RowAction['key'],
    r: ActionResult<D>,
    shown?: (data: D) => Pick<NonNullable<TeamNotice>, 'secret' | 'enrolmentCode'>,
  ): TeamNotice =>
    r.ok
      ? { tone: 'ok', text: t(`${key}.done`, { email: m.email }), ...shown?.(r.data) }
      : { tone: 'error', text: r.error };
  const actions: RowAction[] = [];
  if (!m.ssoOnly)
    actions.push({
      key: 'resetPassword',
      variant: 'ghost',
      tone: 'danger',
      run: async () =>
        told('resetPassword', await resetStaffPasswordAction({ id: m.id }), (d) => ({
          secret: d.oneTimePassword,
          enrolmentCode: d.enrolmentCode ?? undefined,
        })),
    });
  if (m.twoStep && !self)
    actions.push({
      key: 'resetTwoStep',
      variant: 'ghost',
      tone: 'danger',
      run: async () =>
        told('resetTwoStep', await resetStaffTwoStepAction({ id: m.id }), (d) => ({ enrolmentCode: d.enrolmentCode })),
    });
  if (!self)
    actions.push(
      m.disabled
        ? {
            key: 'enable',
            variant: 'secondary',
            tone: 'primary',
            run: async () => told('enable', await changeStaffAccessAction({ id: m.id, disabled: false })),
          }
        : {
            key: 'disable',
            variant: 'danger',
            tone: 'danger',
            run: async () => told('disable', await changeStaffAccessAction({ id: m.id, disabled: true })),
          },
    );
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button asChild variant="ghost" size="sm">
        <Link href={`/activity?record=${m.id}`} data-testid="member-history">
          {t('history')}
        </Link>
      </Button>
      {actions.map(({ key, variant, tone, run }) => (
        <ConfirmButton
          key={key}
          variant={variant}
          size="sm"
          disabled={pending}
          title={t(`${key}.title`, { name: m.name })}
          description={t(`${key}.description`, { email: m.email, role: t(`role.${m.role}`) })}
          confirmLabel={t(`${key}.confirm`)}
          tone={tone}
          onConfirm={async () => settle(await run())}
        >
          {t(`${key}.button`)}
        </ConfirmButton>
      ))}
    </div>
  );
}

const column = createColumnHelper<DataTableFeatures, Member>();

/** A new role chosen in a row's select, asked about before it is saved. */
interface RoleChange {
  member: Member;
  role: StaffRole;
}

/**
 * The team table's columns, headed in the member's language (`currentId` is the member signed in),
 * and the role change a row's select asks about, with that select for focus to go back to.
 */
export function useTeamColumns({
  pending,
  currentId,
  settle,
}: {
  pending: boolean;
  currentId: string;
  settle: (notice: TeamNotice) => void;
}) {
  const t = useTranslations('team');
  const [roleChange, setRoleChange] = useState<RoleChange | null>(null);
  const roleSelect = useRef<HTMLSelectElement | null>(null);
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: t('columns.member'),
          enableHiding: false,
          cell: (info) => (
            <div className="min-w-32">
              <div className="font-medium text-slate-900">{info.getValue()}</div>
              <div className="text-xs break-all text-slate-500">{info.row.original.email}</div>
            </div>
          ),
        }),
        column.accessor('role', {
          header: t('columns.role'),
          cell: (info) => {
            const m = info.row.original;
            return (
              <>
                <label className="sr-only" htmlFor={`role-${m.id}`}>
                  {t('roleOf', { email: m.email })}
                </label>
                <Select
                  id={`role-${m.id}`}
                  value={m.role}
                  disabled={pending}
                  onChange={(e) => {
                    roleSelect.current = e.currentTarget;
                    setRoleChange({ member: m, role: e.target.value as StaffRole });
                  }}
                  className="w-auto min-w-28 py-1.5"
                >
                  {STAFF_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(`roleLabel.${r}`)}
                    </option>
                  ))}
                </Select>
              </>
            );
          },
        }),
        column.accessor('disabled', {
          header: t('columns.status'),
          cell: (info) => (
            <div className="flex flex-wrap gap-1">
              {info.getValue() ? (
                <Badge tone="danger">{t('status.disabled')}</Badge>
              ) : (
                <Badge tone="success">{t('status.active')}</Badge>
              )}
              {info.row.original.twoStep && <Badge tone="neutral">{t('status.twoStep')}</Badge>}
              {info.row.original.ssoOnly && <Badge tone="neutral">{t('status.companySignIn')}</Badge>}
            </div>
          ),
        }),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('columns.actions')}</span>,
          enableHiding: false,
          cell: (info) => (
            <MemberActions
              member={info.row.original}
              self={info.row.original.id === currentId}
              pending={pending}
              settle={settle}
            />
          ),
        }),
      ]),
    // settle only sets state and refreshes; the columns change with what the cells show
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pending, currentId, t],
  );
  return { columns, roleChange, endRoleChange: () => setRoleChange(null), roleSelect };
}
