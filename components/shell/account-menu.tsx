'use client';

import { useState } from 'react';

import { cn } from '@/components/ui/cn';
import { focusedByKeyboard, onFirstUse, useLoadedTrigger } from '@/components/ui/lazy';

import { AccountLabel, accountTriggerClass, type AccountMenuProps } from './account-label';

const loadMenu = onFirstUse(() => import('./account-menu-content').then((m) => m.AccountMenuContent));

/** The signed-in member: name and role, opening their account, theme and sign-out menu. */
export function AccountMenu(props: AccountMenuProps) {
  const { loaded: Menu, load, placeholder, focusLoaded } = useLoadedTrigger(loadMenu);
  const [open, setOpen] = useState(false);
  if (Menu) return <Menu {...props} open={open} onOpenChange={setOpen} focusTrigger={focusLoaded} />;
  return (
    <button
      ref={placeholder}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="account-menu-button"
      className={cn(accountTriggerClass)}
      onPointerEnter={() => void load()}
      onFocus={(e) => focusedByKeyboard(e) && void load()}
      onClick={() => void load().then(() => setOpen(true))}
    >
      <AccountLabel {...props} />
    </button>
  );
}
