'use client';

import { buttonVariants } from './button';
import type { ColumnChoice } from './columns-menu';
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from './dropdown-menu';

export function ColumnsMenuContent({ columns, open, onOpenChange }: { columns: ColumnChoice[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger className={buttonVariants({ variant: 'secondary', size: 'sm' })}>Columns</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <DropdownMenuLabel>Visible columns</DropdownMenuLabel>
        {columns.map((c) => (
          <DropdownMenuCheckboxItem key={c.id} checked={c.visible} onCheckedChange={(v) => c.toggle(v === true)} onSelect={(e) => e.preventDefault()}>
            {c.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
