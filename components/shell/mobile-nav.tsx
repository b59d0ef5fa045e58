'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';

import { leaveFor } from '@/components/live/leave-guard';
import { Sheet, SheetContent, SheetTrigger } from '@/components/ui/sheet';

import { NavLinks, type NavItem } from './nav';

/**
 * The menu button of narrow screens: the navigation opens in a sheet from the left, under the
 * partner's name (`heading`), which the header of a phone has no room for. A tap on a
 * link closes it and opens the page, the line at the top of the page's area showing meanwhile
 * (the link, gone with the sheet, cannot show it is opening).
 */
export function MobileNav({ items, heading }: { items: NavItem[]; heading: ReactNode }) {
  const t = useTranslations('shell.nav');
  const [open, setOpen] = useState(false);
  const router = useRouter();
  // The sheet's links fetch their pages' loading states when they come into view; asking as the
  // finger or pointer reaches the button gives those requests the sheet's opening to complete.
  const prefetchPages = () => items.forEach((item) => router.prefetch(item.href));
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger
        aria-label={t('openMenu')}
        data-testid="mobile-menu-button"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
        onPointerEnter={prefetchPages}
        onClick={prefetchPages}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
          <path d="M3 5.25A.75.75 0 013.75 4.5h12.5a.75.75 0 010 1.5H3.75A.75.75 0 013 5.25zm0 4.75a.75.75 0 01.75-.75h12.5a.75.75 0 010 1.5H3.75A.75.75 0 013 10zm.75 4a.75.75 0 000 1.5h12.5a.75.75 0 000-1.5H3.75z" />
        </svg>
      </SheetTrigger>
      {/* i18n-ignore: the product's name */}
      <SheetContent title="Guest Book" data-testid="mobile-nav">
        {heading}
        <NavLinks
          items={items}
          label={t('label')}
          onNavigate={(href) => {
            setOpen(false);
            void leaveFor(router, href);
          }}
        />
      </SheetContent>
    </Sheet>
  );
}
