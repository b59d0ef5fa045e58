'use client';

import { useState } from 'react';

import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { announceBulk, BulkTargets, runBulk, type BulkOutcome } from '@/components/ui/bulk-run';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { changeStaffAccessAction } from '@/lib/actions/team';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@/lib/auth/roles';

interface Selected {
  id: string;
  name: string;
  email: string;
}

type Change = { kind: 'role'; role: StaffRole } | { kind: 'disable' } | { kind: 'enable' };

const describe = (change: Change, n: number) => {
  const members = `${n} ${n === 1 ? 'member' : 'members'}`;
  return change.kind === 'role'
    ? `Make ${members} ${ROLE_LABELS[change.role].toLowerCase()}s?`
    : change.kind === 'disable'
      ? `Disable ${members}?`
      : `Enable ${members}?`;
};

/**
 * The team's bulk actions on the members selected: a role for all of them, or disable or enable
 * them, after one confirmation naming each. Each change goes through the same guarded action as
 * one alone (its audit row, the last-admin rule), and every member is reported.
 */
export function TeamBulk({ members, onSettled }: { members: Selected[]; onSettled: (report: BulkOutcome[]) => void }) {
  const [role, setRole] = useState<StaffRole>('viewer');
  const [change, setChange] = useState<Change | null>(null);
  const [done, setDone] = useState(0);
  const n = members.length;

  const run = async () => {
    if (!change) return;
    setDone(0);
    const report = await runBulk(
      members,
      (m) => m.email,
      (m) =>
        changeStaffAccessAction(
          change.kind === 'role' ? { id: m.id, role: change.role } : { id: m.id, disabled: change.kind === 'disable' },
        ),
      setDone,
    );
    announceBulk(report, 'changed', n === 1 ? 'member' : 'members');
    onSettled(report);
  };

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="team-bulk">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Role for {n} selected
        <Select
          className="w-auto py-1.5"
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
          aria-label={`Role for the ${n} selected`}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
      </label>
      <Button variant="secondary" size="sm" onClick={() => setChange({ kind: 'role', role })}>
        Set role
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setChange({ kind: 'disable' })}>
        Disable {n}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setChange({ kind: 'enable' })}>
        Enable {n}
      </Button>
      <ConfirmDialog
        open={change !== null}
        onOpenChange={(open) => {
          if (!open) setChange(null);
        }}
        title={change ? describe(change, n) : ''}
        description={
          <span className="block space-y-2">
            <span className="block">
              {change?.kind === 'enable'
                ? 'They can sign in again.'
                : 'Their sessions end; each change is checked on its own (the last active admin stays one).'}
            </span>
            <BulkTargets items={members.map((m) => m.email)} done={done} total={n} verb="Changed" />
          </span>
        }
        confirmLabel={
          change?.kind === 'role' ? 'Set role' : change?.kind === 'disable' ? `Disable ${n}` : `Enable ${n}`
        }
        cancelLabel="Keep them"
        tone={change?.kind === 'disable' ? 'danger' : 'primary'}
        onConfirm={run}
      />
    </div>
  );
}
