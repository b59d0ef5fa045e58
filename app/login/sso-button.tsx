'use client';

import { signIn } from 'next-auth/react';
import { useState } from 'react';

/** Company SSO (OpenID Connect); shown only when the deployment configures it. */
export function SsoButton({ name, callbackPath }: { name: string; callbackPath: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signIn('sso', { callbackUrl: callbackPath });
      }}
      className="w-full rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:opacity-60"
    >
      {pending ? 'Redirecting…' : `Sign in with ${name}`}
    </button>
  );
}
