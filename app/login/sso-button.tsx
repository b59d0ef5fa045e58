'use client';

import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';

import { Button } from '@/components/ui/button';

/** Company SSO (OpenID Connect); shown only when the deployment configures it. */
export function SsoButton({ name, callbackPath }: { name: string; callbackPath: string }) {
  const t = useTranslations('login');
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signIn('sso', { callbackUrl: callbackPath });
      }}
      width="full"
    >
      {pending ? t('ssoRedirecting') : t('sso', { name })}
    </Button>
  );
}
