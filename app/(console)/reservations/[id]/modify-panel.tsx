'use client';

import { useTranslations } from 'next-intl';
import { useState, type ComponentProps } from 'react';

import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { isFinalStatus } from '@/lib/guestbook/reservation-statuses';

import { ModifyForm } from './modify-form';

/** The Modify card's content: the form opens when the member asks for it. */
export function ModifyPanel(props: ComponentProps<typeof ModifyForm>) {
  const t = useTranslations('booking.modify');
  const [open, setOpen] = useState(false);
  if (isFinalStatus(props.status)) {
    return <Notice data-testid="modify-disabled">{t('final', { status: props.status })}</Notice>;
  }
  if (open) return <ModifyForm {...props} />;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{t('intro')}</p>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="modify-open">
        {t('open')}
      </Button>
    </div>
  );
}
