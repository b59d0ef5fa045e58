'use client';

import type { RowSelectionState } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';

import { BulkReport, type BulkOutcome } from '@/components/ui/bulk-run';
import { DataTable } from '@/components/ui/data-table';
import { notify } from '@/components/ui/toast';

import { AddMemberPanel } from './add-member-panel';
import { TeamNoticeRegion, type TeamNotice } from './notice';
import { RoleChangeDialog } from './role-change-dialog';
import { TeamBulk } from './team-bulk';
import { useTeamColumns, type Member } from './team-columns';

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

  const { columns, roleChange, endRoleChange, roleSelect } = useTeamColumns({ pending, currentId, settle });

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
        stacked
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

      <RoleChangeDialog change={roleChange} onClose={endRoleChange} returnFocusTo={roleSelect} onSettled={settle} />

      <AddMemberPanel pending={pending} onSettled={settle} sso={sso} />
    </div>
  );
}
