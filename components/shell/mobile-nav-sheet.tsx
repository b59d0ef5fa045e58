'use client';

import type { RefObject } from 'react';

import { Sheet, SheetContent } from '@/components/ui/sheet';

import { NavLinks, type NavItem } from './nav';

export function MobileNavSheet({
  items,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title="Guest Book"
        data-testid="mobile-nav"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <NavLinks items={items} label="Main" onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
