export interface AccountMenuProps {
  name: string;
  email: string;
  roleLabel: string;
}

export const accountTriggerClass =
  'flex min-h-9 items-center gap-2 rounded-md px-1.5 py-1 text-left leading-tight hover:bg-slate-100';

/** The signed-in member as the account menu's trigger shows them: initials, name, e-mail and role. */
export function AccountLabel({ name, email, roleLabel }: AccountMenuProps) {
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
