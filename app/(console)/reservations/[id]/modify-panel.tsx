'use client';

import { useState, type ComponentProps } from 'react';

import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { FINAL_STATUSES, isFinalStatus } from '@/lib/guestbook/reservation-statuses';

import { ModifyForm } from './modify-form';

const STATUS_WORDS: Record<(typeof FINAL_STATUSES)[number], string> = {
  canceled: 'canceled',
  completed: 'completed',
  no_show: 'marked as a no-show',
};

/** The Modify card's content: the form opens when the member asks for it. */
export function ModifyPanel(props: ComponentProps<typeof ModifyForm>) {
  const [open, setOpen] = useState(false);
  if (isFinalStatus(props.status)) {
    return (
      <Notice data-testid="modify-disabled">
        This reservation is {STATUS_WORDS[props.status as (typeof FINAL_STATUSES)[number]] ?? props.status}; the API no
        longer accepts changes to it.
      </Notice>
    );
  }
  if (open) return <ModifyForm {...props} />;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        Party size, date, time, language, notes and the guest’s details. Only what you change is sent.
      </p>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="modify-open">
        Modify reservation
      </Button>
    </div>
  );
}
