'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';

import { Button } from '@/components/ui/button';

import { AddMemberForm, type AddMemberProps } from './add-member-form';

/** "New member" opens the form. */
export function AddMemberPanel({ pending, onSettled, sso }: AddMemberProps) {
  const t = useTranslations('team.add');
  const [open, setOpen] = useState(false);
  if (open) return <AddMemberForm pending={pending} onSettled={onSettled} sso={sso} />;
  return (
    <div className="border-t border-slate-100 pt-5">
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('open')}
      </Button>
    </div>
  );
}
