'use client';

import { useState } from 'react';
import { Button } from './button';
import { onFirstUse, useLoaded } from './lazy';

export interface ColumnChoice {
  id: string;
  label: string;
  visible: boolean;
  toggle: (visible: boolean) => void;
}

const loadMenu = onFirstUse(() => import('./columns-menu-content').then((m) => m.ColumnsMenuContent));

/** "Columns": which columns a list shows. The menu's code loads when first reached for. */
export function ColumnsMenu({ columns }: { columns: ColumnChoice[] }) {
  const [Menu, load] = useLoaded(loadMenu);
  const [open, setOpen] = useState(false);
  if (Menu) return <Menu columns={columns} open={open} onOpenChange={setOpen} />;
  return (
    <Button variant="secondary" size="sm" aria-haspopup="menu" aria-expanded={false} onPointerEnter={() => void load()} onFocus={() => void load()} onClick={() => void load().then(() => setOpen(true))}>
      Columns
    </Button>
  );
}
