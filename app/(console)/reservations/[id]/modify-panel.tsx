'use client';

import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useState, type ComponentProps } from 'react';

import { useHasUnsavedEdits } from '@/components/live/live-follow';
import { useChangeEvents } from '@/components/providers/live-events';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SkeletonForm } from '@/components/ui/skeleton';
import { idOf } from '@/lib/changes/events';
import { isFinalStatus } from '@/lib/guestbook/reservation-statuses';

import type { ModifyForm as ModifyFormType } from './modify-form';

// The form (react-hook-form and the zod schema it checks with: 41 of the page's 263 kB of scripts,
// brotli) loads when the member points at, focuses or opens Modify, not with the page's first scripts.
const loadForm = () => import('./modify-form');
const ModifyForm = dynamic(() => loadForm().then((m) => m.ModifyForm), { ssr: false, loading: () => <FormLoading /> });

/** The form's place while it loads the first time: its fields' labels, busy for assistive technology. */
function FormLoading() {
  const t = useTranslations('booking.modify.fields');
  const tc = useTranslations('common');
  return (
    <div aria-busy="true" data-testid="modify-loading">
      <p role="status" className="sr-only">
        {tc('loading')}
      </p>
      <SkeletonForm
        columns={2}
        fields={[
          t('party_size'),
          t('locale'),
          t('date'),
          t('time'),
          t('guest.first_name'),
          t('guest.last_name'),
          t('guest.email'),
          t('guest.phone'),
          t('notes'),
        ]}
      />
    </div>
  );
}

type Values = ComponentProps<typeof ModifyFormType>['defaults'];

/** The values in one order, blanks as the page renders them: a save's answer and the page's copy compare equal. */
const keyOf = (v: Values) =>
  JSON.stringify([
    v.party_size,
    v.date,
    v.time,
    v.locale,
    v.notes ?? '',
    ...(['first_name', 'last_name', 'email', 'phone'] as const).map((f) => v.guest?.[f] ?? ''),
  ]);

/** The Modify card's content: the form opens when the member asks for it. */
export function ModifyPanel(props: Omit<ComponentProps<typeof ModifyFormType>, 'onSaved'>) {
  const t = useTranslations('booking.modify');
  const [open, setOpen] = useState(false);
  // Someone else changed the reservation: once the page brings its new values, the form is opened
  // anew with them, never under unsaved edits. Not when the form shows those values already: the
  // member's save (the API's answer) had the other change in it, and the form keeps its notice and
  // its Undo. A held change is not on the page yet: the page's values lag behind the form's.
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const live = useChangeEvents((e) => {
    if (idOf(e, 'reservation') === props.id && e.who?.id !== live?.memberId) setChangedElsewhere(true);
  });
  const editing = useHasUnsavedEdits();
  const pageKey = keyOf(props.defaults);
  const [form, setForm] = useState({ page: pageKey, shows: pageKey, opened: 0 });
  if (pageKey !== form.page && !editing) {
    const reopen = !open || (changedElsewhere && pageKey !== form.shows);
    setForm({ page: pageKey, shows: reopen ? pageKey : form.shows, opened: form.opened + (reopen ? 1 : 0) });
    setChangedElsewhere(false);
  }
  if (isFinalStatus(props.status)) {
    return <Notice data-testid="modify-disabled">{t('final', { status: props.status })}</Notice>;
  }
  if (open)
    return (
      <ModifyForm
        key={form.opened}
        {...props}
        onSaved={(values) => {
          setForm((f) => ({ ...f, shows: keyOf(values) }));
          setChangedElsewhere(false);
        }}
      />
    );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{t('intro')}</p>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        data-testid="modify-open"
        data-command="modify-reservation"
      >
        {t('open')}
      </Button>
    </div>
  );
}
