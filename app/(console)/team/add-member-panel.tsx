'use client';

import { useState } from 'react';

import { Button } from '@/components/ui/button';

import { AddMemberForm } from './add-member-form';
import type { TeamNotice } from './notice';

/** "New member" opens the form. */
export function AddMemberPanel({
  pending,
  onSettled,
  sso,
}: {
  pending: boolean;
  onSettled: (notice: TeamNotice) => void;
  sso: string | null;
}) {
  const [open, setOpen] = useState(false);
  if (open) return <AddMemberForm pending={pending} onSettled={onSettled} sso={sso} />;
  return (
    <div className="border-t border-slate-100 pt-5">
      <Button variant="secondary" onClick={() => setOpen(true)}>
        New member
      </Button>
    </div>
  );
}
