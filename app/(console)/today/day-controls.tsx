'use client';

import { useTranslations } from 'next-intl';
import Form from 'next/form';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';

/**
 * The day's filters as a plain GET form (it works before the page's script has loaded): a choice
 * shows its day or filter at once, without the Show button, once the script is there.
 */
export function DayFilters({ children }: { children: ReactNode }) {
  const t = useTranslations('today.filters');
  return (
    <Form
      action="/today"
      scroll={false}
      aria-label={t('label')}
      className="flex flex-wrap items-end gap-3 print:hidden"
      data-testid="today-filters"
      onChange={(e) => e.currentTarget.requestSubmit()}
    >
      {children}
      <noscript>
        <Button type="submit" variant="secondary">
          {t('apply')}
        </Button>
      </noscript>
    </Form>
  );
}

/** Prints the day as the pre-service sheet (the print stylesheet leaves the console out). */
export function PrintButton() {
  const t = useTranslations('today.sheet');
  return (
    <Button
      variant="secondary"
      onClick={() => window.print()}
      data-testid="print-sheet"
      className="hidden sm:inline-flex print:hidden"
    >
      {t('print')}
    </Button>
  );
}
