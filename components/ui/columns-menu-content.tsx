'use client';

import { useRef } from 'react';

import { buttonVariants } from './button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { useTakeFocus } from './lazy';

export interface ColumnChoice {
  id: string;
  label: string;
  visible: boolean;
  toggle: (visible: boolean) => void;
}

export function ColumnsMenuContent({
  columns,
  open,
  onOpenChange,
  focusTrigger,
}: {
  columns: ColumnChoice[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focusTrigger?: boolean;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  useTakeFocus(trigger, focusTrigger);
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger ref={trigger} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
        Columns
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <DropdownMenuLabel>Visible columns</DropdownMenuLabel>
        {columns.map((c) => (
          <DropdownMenuCheckboxItem
            key={c.id}
            checked={c.visible}
            onCheckedChange={(v) => c.toggle(v === true)}
            onSelect={(e) => e.preventDefault()}
          >
            {c.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
