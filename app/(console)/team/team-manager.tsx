'use client';

import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useMemo, useRef, useState, useTransition } from 'react';

import { Badge } from '@/components/ui/badge';
import { BulkReport, type BulkOutcome } from '@/components/ui/bulk-run';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DataTable, type DataTableFeatures } from '@/components/ui/data-table';
import { Select } from '@/components/ui/input';
import { notify } from '@/components/ui/toast';
import { changeStaffAccessAction, resetStaffPasswordAction, resetStaffTwoStepAction } from '@/lib/actions/team';
import { STAFF_ROLES, type StaffRole } from '@/lib/auth/roles';

import { AddMemberPanel } from './add-member-panel';
import { TeamNoticeRegion, type TeamNotice } from './notice';
import { RoleChangeDialog } from './role-change-dialog';
import { TeamBulk } from './team-bulk';

interface Member {
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
interface RoleChange {
  member: Member;
  role: StaffRole;
}

const column = createColumnHelper<DataTableFeatures, Member>();

export function TeamManager({
  members,
  currentId,
  sso,
}: {
  members: Member[];
  currentId: string;
  /** the company sign-in's name, when it is set up */
  sso: string | null;
}) {
  const t = useTranslations('team');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<TeamNotice>(null);
  const [roleChange, setRoleChange] = useState<RoleChange | null>(null);
  const roleSelect = useRef<HTMLSelectElement | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [report, setReport] = useState<BulkOutcome[] | null>(null);
  const chosen = members.filter((m) => selection[m.id] && m.id !== currentId);

  const settle = (next: TeamNotice) => {
    setNotice(next);
    // What is shown once stays in the notice, not in a toast that goes.
    if (next?.tone === 'ok' && !next.secret && !next.enrolmentCode) notify(next.text);
    else if (next?.tone === 'error') notify(next.text, 'error');
    startTransition(() => router.refresh());
  };

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
                      {t(`role.${r}`)}
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
          cell: (info) => {
            const m = info.row.original;
            return (
              <div className="flex flex-wrap justify-end gap-2">
                {!m.ssoOnly && (
                  <ConfirmButton
                    variant="ghost"
                    size="sm"
                    disabled={pending}
                    title={t('resetPassword.title', { name: m.name })}
                    description={t('resetPassword.description', { email: m.email })}
                    confirmLabel={t('resetPassword.confirm')}
                    tone="danger"
                    onConfirm={async () => {
                      const r = await resetStaffPasswordAction({ id: m.id });
                      settle(
                        r.ok
                          ? {
                              tone: 'ok',
                              text: t('resetPassword.done', { email: m.email }),
                              secret: r.data.oneTimePassword,
                              enrolmentCode: r.data.enrolmentCode ?? undefined,
                            }
                          : { tone: 'error', text: r.error },
                      );
                    }}
                  >
                    {t('resetPassword.button')}
                  </ConfirmButton>
                )}
                {m.twoStep && m.id !== currentId && (
                  <ConfirmButton
                    variant="ghost"
                    size="sm"
                    disabled={pending}
                    title={t('resetTwoStep.title', { name: m.name })}
                    description={t('resetTwoStep.description', { email: m.email })}
                    confirmLabel={t('resetTwoStep.confirm')}
                    tone="danger"
                    onConfirm={async () => {
                      const r = await resetStaffTwoStepAction({ id: m.id });
                      settle(
                        r.ok
                          ? {
                              tone: 'ok',
                              text: t('resetTwoStep.done', { email: m.email }),
                              enrolmentCode: r.data.enrolmentCode,
                            }
                          : { tone: 'error', text: r.error },
                      );
                    }}
                  >
                    {t('resetTwoStep.button')}
                  </ConfirmButton>
                )}
                {m.id !== currentId &&
                  (m.disabled ? (
                    <ConfirmButton
                      variant="secondary"
                      size="sm"
                      disabled={pending}
                      title={t('enable.title', { name: m.name })}
                      description={t('enable.description', { email: m.email, role: t(`role.${m.role}`) })}
                      confirmLabel={t('enable.confirm')}
                      tone="primary"
                      onConfirm={async () => {
                        const r = await changeStaffAccessAction({ id: m.id, disabled: false });
                        settle(
                          r.ok
                            ? { tone: 'ok', text: t('enable.done', { email: m.email }) }
                            : { tone: 'error', text: r.error },
                        );
                      }}
                    >
                      {t('enable.button')}
                    </ConfirmButton>
                  ) : (
                    <ConfirmButton
                      variant="danger"
                      size="sm"
                      disabled={pending}
                      title={t('disable.title', { name: m.name })}
                      description={t('disable.description', { email: m.email })}
                      confirmLabel={t('disable.confirm')}
                      onConfirm={async () => {
                        const r = await changeStaffAccessAction({ id: m.id, disabled: true });
                        settle(
                          r.ok
                            ? { tone: 'ok', text: t('disable.done', { email: m.email }) }
                            : { tone: 'error', text: r.error },
                        );
                      }}
                    >
                      {t('disable.button')}
                    </ConfirmButton>
                  ))}
              </div>
            );
          },
        }),
      ]),
    // settle only sets state and refreshes; the columns change with what the cells show
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pending, currentId, t],
  );

  return (
    <div className="space-y-6">
      <TeamNoticeRegion notice={notice} />

      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={members}
        rowKey={(m) => m.id}
        rowTestId={(m) => `member-${m.email}`}
        testId="team-table"
        empty={t('empty')}
        // Others only: one's own role and account are changed one at a time, with their own rules.
        selection={{
          state: selection,
          onChange: setSelection,
          canSelect: (m) => m.id !== currentId,
          labelOf: (m) => t('selectMember', { email: m.email }),
        }}
        actions={
          chosen.length > 0 && (
            <TeamBulk
              members={chosen}
              onSettled={(outcome) => {
                setReport(outcome);
                setSelection({});
                startTransition(() => router.refresh());
              }}
            />
          )
        }
      />
      {report && <BulkReport report={report} kind="change" onClose={() => setReport(null)} />}

      <RoleChangeDialog
        change={roleChange}
        onClose={() => setRoleChange(null)}
        returnFocusTo={roleSelect}
        onSettled={settle}
      />

      <AddMemberPanel pending={pending} onSettled={settle} sso={sso} />
    </div>
  );
}
