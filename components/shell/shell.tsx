import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { SignOutButton } from './sign-out-button';

const NAV = [{ href: '/', label: 'Overview' }] as const;

const ROLE_LABEL = { viewer: 'Viewer', operator: 'Operator', admin: 'Admin' } as const;

export function Shell({
  staff,
  environment,
  partnerName,
  suspended,
  children,
}: {
  staff: { name: string; email: string; role: keyof typeof ROLE_LABEL };
  environment: 'sandbox' | 'production';
  partnerName: string | null;
  suspended: { source: string | null; at: string | null } | null;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-56 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
        <div className="flex h-14 items-center gap-2 border-b border-slate-100 px-4">
          <span className="flex h-7 w-7 items-center justify-center rounded-lg bg-brand-600 text-sm font-semibold text-white">G</span>
          <span className="text-sm font-semibold text-slate-800">Guest Book</span>
        </div>
        <nav aria-label="Main" className="flex-1 space-y-0.5 p-2">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} className="block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              {item.label}
            </Link>
          ))}
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center justify-between gap-4 border-b border-slate-200 bg-white px-6">
          <div className="flex min-w-0 items-center gap-3">
            <span className="truncate text-sm font-semibold text-slate-800" data-testid="shell-partner-name">
              {partnerName ?? 'Partner unavailable'}
            </span>
            {environment === 'sandbox' ? (
              <Badge tone="amber" title="Connected to the Guest Book sandbox">Sandbox</Badge>
            ) : (
              <Badge tone="red" title="Connected to the production API">Production</Badge>
            )}
          </div>
          <div className="flex items-center gap-3">
            <div className="text-right leading-tight">
              <div className="text-sm font-medium text-slate-800" data-testid="shell-staff-name">{staff.name}</div>
              <div className="text-xs text-slate-500">
                {staff.email} · <span data-testid="shell-staff-role">{ROLE_LABEL[staff.role]}</span>
              </div>
            </div>
            <SignOutButton />
          </div>
        </header>
        {suspended && (
          <div role="status" data-testid="suspended-banner" className="border-b border-rose-200 bg-rose-50 px-6 py-2.5 text-sm text-rose-900">
            <strong className="font-semibold">The partner identity is suspended</strong>
            {suspended.source === 'parent' ? ' by its parent' : suspended.source === 'self' ? ' at its own request' : ''}
            {suspended.at ? ` since ${new Date(suspended.at).toUTCString()}` : ''}. The API refuses every call except reading the
            identity until it is resumed.
          </div>
        )}
        <main className="flex-1 px-6 py-6">{children}</main>
      </div>
    </div>
  );
}
