'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { leaveFor } from '@/components/live/leave-guard';
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
import { prefetchOnIntent } from '@/components/ui/intent-link';
import { Link } from '@/components/ui/link';

import { chooseTheme, currentTheme, type ThemeChoice } from './theme';

interface AccountMenuProps {
  name: string;
  email: string;
  roleLabel: string;
}

/** The signed-in member: name and role, opening their account, theme and sign-out menu. */
export function AccountMenu(who: AccountMenuProps) {
  // The theme is a class on <html>, read when the menu opens (the server has no document).
  const t = useTranslations('shell.account');
  const [theme, setTheme] = useState<ThemeChoice>('system');
  const router = useRouter();
  // The Account link shows only in the open menu, too late for a link's own prefetch: its page
  // is fetched as the pointer, a finger or the focus reaches the button that opens the menu.
  const prefetchAccount = prefetchOnIntent(router, '/account');
  return (
    <DropdownMenu onOpenChange={(open) => open && setTheme(currentTheme())}>
      <DropdownMenuTrigger
        className="flex min-h-9 items-center gap-2 rounded-md px-1.5 py-1 text-left leading-tight hover:bg-slate-100"
        data-testid="account-menu-button"
        {...prefetchAccount}
      >
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
          <Link
            href="/account"
            // the menu closes at the click: the line at the top of the page's area shows the page is coming
            onNavigate={(event) => {
              event.preventDefault();
              void leaveFor(router, '/account');
            }}
          >
            {t('link')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('theme')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => {
            const choice = value as ThemeChoice;
            chooseTheme(choice);
            setTheme(choice);
          }}
        >
          <DropdownMenuRadioItem value="system" onSelect={(e) => e.preventDefault()}>
            {t('system')}
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="light" onSelect={(e) => e.preventDefault()}>
            {t('light')}
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark" onSelect={(e) => e.preventDefault()}>
            {t('dark')}
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={signOut} data-testid="sign-out">
          {t('signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * Signs out through next-auth's client, fetched on the click: it is needed once per session, and
 * kept out of the scripts every page loads (about 10 kB compressed with its runtime helpers).
 */
export function signOut() {
  void import('next-auth/react').then((auth) => auth.signOut({ callbackUrl: '/login' }));
}

/** The signed-in member as the trigger shows them: initials, name, e-mail and role. */
function AccountLabel({ name, email, roleLabel }: AccountMenuProps) {
  const t = useTranslations('shell.account');
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-900"
      >
        {initials}
      </span>
      <span className="hidden max-w-64 min-w-0 lg:block">
        <span className="block truncate text-sm font-medium text-slate-800" data-testid="shell-staff-name">
          {name}
        </span>
        <span className="block truncate text-xs text-slate-600">
          <span className="hidden xl:inline">{email} · </span>
          <span data-testid="shell-staff-role">{roleLabel}</span>
        </span>
      </span>
      <span className="sr-only lg:hidden">{t('menuName', { name, role: roleLabel })}</span>
    </>
  );
}
