'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';

import { whileGuarded } from '@/components/live/live-follow';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { announceBulk, BulkTargets, runBulk, type BulkOutcome } from '@/components/ui/bulk-run';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { changeStaffAccessAction } from '@/lib/actions/team';
import { STAFF_ROLES, type StaffRole } from '@/lib/auth/roles';

interface Selected {
  id: string;
  name: string;
  email: string;
}

type Change = { kind: 'role'; role: StaffRole } | { kind: 'disable' } | { kind: 'enable' };

/**
 * The team's bulk actions on the members selected: a role for all of them, or disable or enable
 * them, after one confirmation naming each. Each change goes through the same guarded action as
 * one alone (its audit row, the last-admin rule), and every member is reported.
 */
export function TeamBulk({ members, onSettled }: { members: Selected[]; onSettled: (report: BulkOutcome[]) => void }) {
  const t = useTranslations('team.bulk');
  const roles = useTranslations('team.roleLabel');
  const [role, setRole] = useState<StaffRole>('viewer');
  const [change, setChange] = useState<Change | null>(null);
  const [done, setDone] = useState(0);
  const n = members.length;

  const run = async () => {
    if (!change) return;
    setDone(0);
    const report = await whileGuarded(() =>
      runBulk(
        members,
        (m) => m.email,
        (m) =>
          changeStaffAccessAction(
            change.kind === 'role'
              ? { id: m.id, role: change.role }
              : { id: m.id, disabled: change.kind === 'disable' },
          ),
        setDone,
      ),
    );
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
