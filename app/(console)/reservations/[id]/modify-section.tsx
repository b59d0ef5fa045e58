'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ModifyReservationForm } from '../schemas';

const load = () => import('./modify-form');
// The form and its libraries (react-hook-form, the schema) load when staff open it, so the
// detail page's JavaScript stays within its budget; hovering or focusing the button starts the load.
const ModifyForm = dynamic(() => load().then((m) => m.ModifyForm), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-500" data-testid="modify-loading">Loading the form…</p>,
});

/** "Modify" opens the reservation's modify form. */
export function ModifySection(props: { id: string; context: string; status: string; defaults: ModifyReservationForm }) {
  const [open, setOpen] = useState(false);
  if (open) return <ModifyForm {...props} />;
  return (
    <Button variant="secondary" onClick={() => setOpen(true)} onPointerEnter={() => void load()} onFocus={() => void load()} aria-expanded={false}>
      Modify
    </Button>
  );
}
