'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { addStaffMember, changeStaffAccess, resetStaffPassword } from './actions';

type Role = 'viewer' | 'operator' | 'admin';
interface Member {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
}
type Notice = { tone: 'ok' | 'error'; text: string; secret?: string } | null;

const ROLES: Role[] = ['viewer', 'operator', 'admin'];
const inputClass = 'block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500';

export function TeamManager({ members, currentId }: { members: Member[]; currentId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<Notice>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  const run = (work: () => Promise<Notice>) =>
    startTransition(async () => {
      setNotice(await work());
      router.refresh();
    });

  return (
    <div className="space-y-6">
      <div aria-live="polite">
        {notice && (
          <div
            data-testid="team-notice"
            className={`rounded-md px-3 py-2 text-sm ring-1 ${notice.tone === 'ok' ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : 'bg-rose-50 text-rose-900 ring-rose-200'}`}
          >
            {notice.text}
            {notice.secret && (
              <div className="mt-1">
                One-time password (shown once): <code data-testid="one-time-password" className="rounded bg-white px-1.5 py-0.5 font-mono">{notice.secret}</code>
              </div>
            )}
          </div>
        )}
      </div>

      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="py-2 font-medium">Member</th>
            <th className="py-2 font-medium">Role</th>
            <th className="py-2 font-medium">Status</th>
            <th className="py-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.map((m) => (
            <tr key={m.id} data-testid={`member-${m.email}`}>
              <td className="py-2.5">
                <div className="font-medium text-slate-900">{m.name}</div>
                <div className="text-xs text-slate-500">{m.email}</div>
              </td>
              <td className="py-2.5">
                <label className="sr-only" htmlFor={`role-${m.id}`}>
                  Role of {m.email}
                </label>
                <select
                  id={`role-${m.id}`}
                  value={m.role}
                  disabled={pending}
                  onChange={(e) =>
                    run(async () => {
                      const r = await changeStaffAccess({ id: m.id, role: e.target.value as Role });
                      return r.ok ? { tone: 'ok', text: `${m.email} is now ${r.data.role}.` } : { tone: 'error', text: r.error };
                    })
                  }
                  className="rounded-md border-0 py-1 pl-2 pr-7 text-sm ring-1 ring-inset ring-slate-300"
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </td>
              <td className="py-2.5">{m.disabled ? <Badge tone="red">disabled</Badge> : <Badge tone="green">active</Badge>}</td>
              <td className="space-x-2 py-2.5 text-right">
                <Button
                  variant="ghost"
                  disabled={pending}
                  onClick={() =>
                    run(async () => {
                      const r = await resetStaffPassword({ id: m.id });
                      return r.ok
                        ? { tone: 'ok', text: `New one-time password for ${m.email}; it must be replaced at the next sign-in.`, secret: r.data.oneTimePassword }
                        : { tone: 'error', text: r.error };
                    })
                  }
                >
                  Reset password
                </Button>
                {m.id !== currentId && (
                  <Button
                    variant={m.disabled ? 'secondary' : 'danger'}
                    disabled={pending}
                    onClick={() =>
                      run(async () => {
                        const r = await changeStaffAccess({ id: m.id, disabled: !m.disabled });
                        return r.ok ? { tone: 'ok', text: `${m.email} is ${r.data.disabled ? 'disabled' : 'enabled'}.` } : { tone: 'error', text: r.error };
                      })
                    }
                  >
                    {m.disabled ? 'Enable' : 'Disable'}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <form
        className="grid grid-cols-1 gap-3 border-t border-slate-100 pt-5 sm:grid-cols-5"
        action={(form) =>
          run(async () => {
            const r = await addStaffMember({
              email: String(form.get('email') ?? ''),
              name: String(form.get('name') ?? ''),
              role: String(form.get('role') ?? 'viewer') as Role,
              password: String(form.get('password') ?? ''),
            });
            setFieldErrors(r.ok ? {} : (r.fieldErrors ?? {}));
            if (!r.ok) return { tone: 'error', text: r.error };
            return r.data.oneTimePassword
              ? { tone: 'ok', text: `Added ${r.data.member.email}. Hand over this password; it must be replaced at the first sign-in.`, secret: r.data.oneTimePassword }
              : { tone: 'ok', text: `Added ${r.data.member.email}.` };
          })
        }
      >
        <h2 className="text-sm font-semibold text-slate-800 sm:col-span-5">Add a member</h2>
        {(
          [
            ['email', 'E-mail', 'email'],
            ['name', 'Name', 'text'],
            ['password', 'Password (empty: one-time)', 'password'],
          ] as const
        ).map(([name, label, type]) => (
          <div key={name} className={name === 'password' ? 'sm:col-span-2' : ''}>
            <label htmlFor={`new-${name}`} className="mb-1 block text-xs font-medium text-slate-600">
              {label}
            </label>
            <input
              id={`new-${name}`}
              name={name}
              type={type}
              autoComplete="off"
              aria-invalid={!!fieldErrors[name]}
              aria-describedby={fieldErrors[name] ? `new-${name}-error` : undefined}
              className={inputClass}
            />
            {fieldErrors[name] && (
              <p id={`new-${name}-error`} className="mt-1 text-xs text-rose-700">
                {fieldErrors[name].join('; ')}
              </p>
            )}
          </div>
        ))}
        <div>
          <label htmlFor="new-role" className="mb-1 block text-xs font-medium text-slate-600">
            Role
          </label>
          <select id="new-role" name="role" defaultValue="viewer" className={inputClass}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end sm:col-span-4">
          <Button type="submit" disabled={pending}>
            Add member
          </Button>
        </div>
      </form>
    </div>
  );
}
