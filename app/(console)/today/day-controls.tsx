'use client';

import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';
import Form from 'next/form';
import { useLinkStatus } from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState, type ComponentProps, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';

/** The filled fields of a form or an address, as one string to compare (an empty field asks for nothing). */
function filled(fields: Iterable<[string, FormDataEntryValue]>): string {
  const q = new URLSearchParams();
  for (const [k, v] of fields) if (typeof v === 'string' && v) q.append(k, v);
  q.sort();
  return q.toString();
}

/** Shown from the frame after the click until the day comes (read from the live copy, in well under a second). */
function LinkPending() {
  return useLinkStatus().pending ? <Spinner on testId="day-pending" /> : null;
}

/** A link to another day: it shows it is opening from the frame after the click (the page has no skeleton of its own). */
export function DayLink({ children, className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link {...props} className={clsx(className, 'gap-2')}>
      {children}
      <LinkPending />
    </Link>
  );
}

/**
 * The day's filters as a plain GET form (it works before the page's script has loaded): a choice
 * shows its day or filter at once, without the Show button, once the script is there.
 */
export function DayFilters({ children }: { children: ReactNode }) {
  const t = useTranslations('today.filters');
  // busy from the choice until the page of the address it asked for has come
  const shown = filled(useSearchParams());
  const [asked, setAsked] = useState<{ from: string; to: string } | null>(null);
  const busy = asked !== null && asked.from === shown && asked.to !== shown;
  return (
    <Form
      action="/today"
      scroll={false}
      aria-label={t('label')}
      aria-busy={busy || undefined}
      className="flex flex-wrap items-end gap-3 print:hidden"
      data-testid="today-filters"
      onChange={(e) => e.currentTarget.requestSubmit()}
      onSubmit={(e) => {
        setAsked({ from: shown, to: filled(new FormData(e.currentTarget)) });
      }}
    >
      {children}
      {busy && (
        <span className="flex min-h-9 items-center text-slate-500">
          <Spinner on testId="day-pending" />
        </span>
      )}
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
  // Shown from a tablet's width, never on the sheet; the wrapper, not a class merged over the
  // button's own display, so that no class has to be merged as the page starts.
  return (
    <span className="hidden sm:contents print:hidden">
      <Button variant="secondary" onClick={() => window.print()} data-testid="print-sheet">
        {t('print')}
      </Button>
    </span>
  );
}
