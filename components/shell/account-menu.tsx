'use client';

import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import { focusedByKeyboard, onFirstUse, useLoadedTrigger } from '@/components/ui/lazy';
import type { AccountMenuProps } from './account-menu-content';

const loadMenu = onFirstUse(() => import('./account-menu-content').then((m) => m.AccountMenuContent));

export const accountTriggerClass = 'flex min-h-9 items-center gap-2 rounded-md px-1.5 py-1 text-left leading-tight hover:bg-slate-100';

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

export function AccountLabel({ name, email, roleLabel }: Pick<AccountMenuProps, 'name' | 'email' | 'roleLabel'>) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <>
      <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-900">
        {initials}
      </span>
      <span className="hidden min-w-0 lg:block">
        <span className="block truncate text-sm font-medium text-slate-800" data-testid="shell-staff-name">
          {name}
        </span>
        <span className="block text-xs text-slate-600">
          <span className="hidden xl:inline">{email} · </span>
          <span data-testid="shell-staff-role">{roleLabel}</span>
        </span>
      </span>
      <span className="sr-only lg:hidden">
        {name}, {roleLabel}: account menu
      </span>
    </>
  );
}
