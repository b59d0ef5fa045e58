'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { useJobRun } from '@/components/shell/bulk-jobs';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { announceBulk, BulkTargets, type BulkOutcome } from '@/components/ui/bulk-run';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { notify } from '@/components/ui/toast';
import { startTeamChangeAction } from '@/lib/actions/bulk-jobs';
import { STAFF_ROLES, type StaffRole } from '@/lib/auth/roles';

interface Selected {
  id: string;
  name: string;
  email: string;
}

type Change = { kind: 'role'; role: StaffRole } | { kind: 'disable' } | { kind: 'enable' };

/**
 * The team's bulk actions on the members selected: a role for all of them, or disable or enable
 * them, after one confirmation naming each. A job on the server (lib/server/bulk-jobs) that goes
 * on if the tab closes; each change goes through the same guard as one alone (its audit row, the
 * last-admin rule), and every member is reported, here or in the header of any page.
 */
export function TeamBulk({ members, onSettled }: { members: Selected[]; onSettled: (report: BulkOutcome[]) => void }) {
  const t = useTranslations('team.bulk');
  const tBulk = useTranslations('ui.bulk');
  const roles = useTranslations('team.roleLabel');
  const [role, setRole] = useState<StaffRole>('viewer');
  const [change, setChange] = useState<Change | null>(null);
  const [done, setDone] = useState(0);
  const router = useRouter();
  const runJob = useJobRun();
  const n = members.length;

  const run = async () => {
    if (!change) return;
    setDone(0);
    let refused = false;
    const report = await runJob(
      () =>
        startTeamChangeAction({
          rows: members.map((m) => ({ id: m.id, name: m.email })),
          change: change.kind === 'role' ? { role: change.role } : { disabled: change.kind === 'disable' },
        }),
      setDone,
      (error: string) => {
        refused = true;
        notify(error, 'error');
      },
    );
    if (refused) return false;
    router.refresh();
    if (!report) return;
    announceBulk(report, 'change');
    onSettled(report);
  };

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="team-bulk">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        {t('roleFor', { count: n })}
        <Select
          className="w-auto py-1.5"
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
          aria-label={t('roleForLabel', { count: n })}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {roles(r)}
            </option>
          ))}
        </Select>
      </label>
      <Button variant="secondary" size="sm" onClick={() => setChange({ kind: 'role', role })}>
        {t('setRole')}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setChange({ kind: 'disable' })}>
        {t('disable', { count: n })}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setChange({ kind: 'enable' })}>
        {t('enable', { count: n })}
      </Button>
      <ConfirmDialog
        open={change !== null}
        onOpenChange={(open) => {
          if (!open) setChange(null);
        }}
        title={
          change?.kind === 'role'
            ? t('titleRole', { count: n, role: change.role })
            : change?.kind === 'disable'
              ? t('titleDisable', { count: n })
              : change
                ? t('titleEnable', { count: n })
                : ''
        }
        description={
          <span className="block space-y-2">
            <span className="block">{change?.kind === 'enable' ? t('enableNote') : t('changeNote')}</span>
            <BulkTargets items={members.map((m) => m.email)} done={done} total={n} kind="change" />
            <span className="block text-slate-600">{tBulk('goesOn')}</span>
          </span>
        }
        confirmLabel={
          change?.kind === 'role'
            ? t('setRole')
            : change?.kind === 'disable'
              ? t('disable', { count: n })
              : t('enable', { count: n })
        }
        cancelLabel={t('keep')}
        tone={change?.kind === 'disable' ? 'danger' : 'primary'}
        onConfirm={run}
      />
    </div>
  );
}
