'use client';

import { signOut } from 'next-auth/react';
import { useRef, useState } from 'react';

import { cn } from '@/components/ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useTakeFocus } from '@/components/ui/lazy';
import { Link } from '@/components/ui/link';

import { AccountLabel, accountTriggerClass, type AccountMenuProps } from './account-label';
import { chooseTheme, currentTheme, type ThemeChoice } from './theme';

export function AccountMenuContent({
  open,
  onOpenChange,
  focusTrigger,
  ...who
}: AccountMenuProps & { open: boolean; onOpenChange: (open: boolean) => void; focusTrigger?: boolean }) {
  const [theme, setTheme] = useState<ThemeChoice>(currentTheme);
  const trigger = useRef<HTMLButtonElement>(null);
  useTakeFocus(trigger, focusTrigger);
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger ref={trigger} className={cn(accountTriggerClass)} data-testid="account-menu-button">
        <AccountLabel {...who} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" data-testid="account-menu">
        <DropdownMenuLabel className="text-slate-800">
          <span className="block text-sm font-medium">{who.name}</span>
          <span className="block truncate font-normal text-slate-500">{who.email}</span>
          <span className="block font-normal text-slate-500">{who.roleLabel}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/account">Account: password and sessions</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => {
            const choice = value as ThemeChoice;
            chooseTheme(choice);
            setTheme(choice);
          }}
        >
          <DropdownMenuRadioItem value="system" onSelect={(e) => e.preventDefault()}>
            System
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="light" onSelect={(e) => e.preventDefault()}>
            Light
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark" onSelect={(e) => e.preventDefault()}>
            Dark
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut({ callbackUrl: '/login' })} data-testid="sign-out">
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
