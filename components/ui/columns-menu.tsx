'use client';

import { useTranslations } from 'next-intl';

import { buttonVariants } from './button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from './dropdown-menu';

export interface ColumnChoice {
  id: string;
  label: string;
  visible: boolean;
  toggle: (visible: boolean) => void;
}

/** "Columns": which columns a list shows. */
export function ColumnsMenu({ columns }: { columns: ColumnChoice[] }) {
  const t = useTranslations('ui.columns');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
        {t('button')}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" width="narrow">
        <DropdownMenuLabel>{t('visible')}</DropdownMenuLabel>
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
