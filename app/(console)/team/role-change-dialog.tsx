'use client';

import { useTranslations } from 'next-intl';
import type { RefObject } from 'react';

import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { changeStaffAccessAction } from '@/lib/actions/team';
import type { StaffRole } from '@/lib/auth/roles';

import type { TeamNotice } from './notice';

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
  const t = useTranslations('team');
  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      returnFocusTo={returnFocusTo}
      title={change ? t('roleChange.title', { name: change.member.name, role: change.role }) : ''}
      description={
        change
          ? t('roleChange.description', {
              email: change.member.email,
              from: t(`role.${change.member.role}`),
              to: t(`role.${change.role}`),
              meaning: t(`roleChange.meaning.${change.role}`),
            })
          : ''
      }
      confirmLabel={t('roleChange.confirm')}
      tone="primary"
      onConfirm={async () => {
        if (!change) return;
        const { member, role } = change;
        const r = await changeStaffAccessAction({ id: member.id, role });
        onSettled(
          r.ok
            ? { tone: 'ok', text: t('roleChange.done', { email: member.email, role: t(`role.${r.data.role}`) }) }
            : { tone: 'error', text: r.error },
        );
      }}
    />
  );
}
