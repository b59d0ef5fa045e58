'use client';

import { useTranslations } from 'next-intl';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTransition } from 'react';

import { saveTablePreferencesAction } from '@/lib/actions/preferences';
import { PAGE_SIZES, type TablePreferences } from '@/lib/preferences/table-preferences';

import { buttonVariants } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { useTablePreferences } from './table-preferences';
import { notify } from './toast';

/**
 * "View": the density of every list and, on a list read a page at a time, its rows per page; the
 * member's choice, kept for them (lib/server/preferences). A new page size starts the list at
 * its first page, at that size.
 */
export function ViewMenu({ pageSizes }: { pageSizes: boolean }) {
  const t = useTranslations('ui.view');
  const preferences = useTablePreferences();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();

  const change = (next: Partial<TablePreferences>) =>
    startTransition(async () => {
      const saved = await saveTablePreferencesAction(next);
      if (!saved.ok) return notify(saved.error, 'error');
      if (next.pageSize !== undefined) {
        const rest = new URLSearchParams(params);
        rest.delete('page');
        rest.delete('limit');
        const query = rest.toString();
        router.replace(query ? `${pathname}?${query}` : pathname);
      }
      router.refresh();
    });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        aria-busy={pending || undefined}
        data-testid="view-menu"
      >
        {t('button')}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" width="narrow">
        <DropdownMenuLabel>{t('density')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={preferences.density}
          onValueChange={(v) => change({ density: v as TablePreferences['density'] })}
        >
          <DropdownMenuRadioItem value="comfortable">{t('comfortable')}</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="compact">{t('compact')}</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        {pageSizes && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>{t('rowsPerPage')}</DropdownMenuLabel>
            <DropdownMenuRadioGroup
              value={String(preferences.pageSize)}
              onValueChange={(v) => change({ pageSize: Number(v) as TablePreferences['pageSize'] })}
            >
              {PAGE_SIZES.map((n) => (
                <DropdownMenuRadioItem key={n} value={String(n)}>
                  {n}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
