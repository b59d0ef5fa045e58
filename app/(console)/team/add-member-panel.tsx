'use client';

import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { onFirstUse, useLoaded } from '@/components/ui/lazy';

import type { TeamNotice } from './notice';

const loadForm = onFirstUse(() => import('./add-member-form').then((m) => m.AddMemberForm));

/** "New member" opens the form; the form's code loads then (or on hover). */
export function AddMemberPanel({ pending, onSettled }: { pending: boolean; onSettled: (notice: TeamNotice) => void }) {
  const [Form, load] = useLoaded(loadForm);
  const [open, setOpen] = useState(false);
  if (Form && open) return <Form pending={pending} onSettled={onSettled} />;
  return (
    <div className="border-t border-slate-100 pt-5">
      <Button
        variant="secondary"
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        onClick={() => void load().then(() => setOpen(true))}
      >
        New member
      </Button>
    </div>
  );
}
