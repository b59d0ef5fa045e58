'use client';

import { useState } from 'react';

import { Button } from './button';
import type { ColumnChoice } from './columns-menu-content';
import { focusedByKeyboard, onFirstUse, useLoadedTrigger } from './lazy';

const loadMenu = onFirstUse(() => import('./columns-menu-content').then((m) => m.ColumnsMenuContent));

/** "Columns": which columns a list shows. The menu's code loads when first reached for. */
export function ColumnsMenu({ columns }: { columns: ColumnChoice[] }) {
  const { loaded: Menu, load, placeholder, focusLoaded } = useLoadedTrigger(loadMenu);
  const [open, setOpen] = useState(false);
  if (Menu) return <Menu columns={columns} open={open} onOpenChange={setOpen} focusTrigger={focusLoaded} />;
  return (
    <Button
      ref={placeholder}
      variant="secondary"
      size="sm"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void load()}
      onFocus={(e) => focusedByKeyboard(e) && void load()}
      onClick={() => void load().then(() => setOpen(true))}
    >
      Columns
    </Button>
  );
}
