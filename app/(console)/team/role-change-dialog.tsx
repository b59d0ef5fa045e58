'use client';

import type { RefObject } from 'react';

import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { changeStaffAccessAction } from '@/lib/actions/team';
import type { StaffRole } from '@/lib/auth/roles';

import type { TeamNotice } from './notice';

const ROLE_MEANING: Record<StaffRole, string> = {
  viewer: 'they can read every page but change nothing.',
  operator: 'they can modify and cancel reservations and move allocations.',
  admin: 'they can also manage entities and the team.',
};

/** Asks before a member's role changes, saying what the new role may do and that their sessions end. */
export function RoleChangeDialog({
  change,
  onClose,
  returnFocusTo,
  onSettled,
}: {
  change: { member: { id: string; name: string; email: string; role: StaffRole }; role: StaffRole } | null;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLSelectElement | null>;
  onSettled: (notice: TeamNotice) => void;
}) {
  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      returnFocusTo={returnFocusTo}
      title={change ? `Make ${change.member.name} ${change.role === 'admin' ? 'an' : 'a'} ${change.role}?` : ''}
      description={
        change
          ? `${change.member.email} goes from ${change.member.role} to ${change.role}: ${ROLE_MEANING[change.role]} Their sessions end, and they sign in again to continue.`
          : ''
      }
      confirmLabel="Change role"
      tone="primary"
      onConfirm={async () => {
        if (!change) return;
        const { member, role } = change;
        const r = await changeStaffAccessAction({ id: member.id, role });
        onSettled(
          r.ok ? { tone: 'ok', text: `${member.email} is now ${r.data.role}.` } : { tone: 'error', text: r.error },
        );
      }}
    />
  );
}
