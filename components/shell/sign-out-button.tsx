'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * next-auth's sign-out as its client does it (a CSRF token, then a form POST to
 * /api/auth/signout, which ends the server-side session), without next-auth/react's ~8 kB on
 * every console page.
 */
async function signOut(callbackUrl: string) {
  const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
  const res = await fetch('/api/auth/signout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, callbackUrl, json: 'true' }),
  });
  const { url } = (await res.json().catch(() => ({}))) as { url?: string };
  window.location.href = url ?? callbackUrl;
}

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={pending}
      onClick={() => {
        setPending(true);
        signOut('/login').catch(() => setPending(false));
      }}
    >
      Sign out
    </Button>
  );
}
