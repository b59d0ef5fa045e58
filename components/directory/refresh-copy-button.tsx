'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';

import { Button } from '@/components/ui/button';
import { refreshDirectoryAction } from '@/lib/actions/directory';
import type { CopyRef } from '@/lib/directory/schemas';

/**
 * "Refresh now" on a page whose copy of the directory is old: reads those copies anew (the
 * member's share of the request budget), then renders the page again with them.
 */
export function RefreshCopyButton({ copies }: { copies: CopyRef[] }) {
  const t = useTranslations('ui.asOf');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-busy={pending}
        disabled={pending}
        data-testid="refresh-copy"
        onClick={() =>
          startTransition(async () => {
            const r = await refreshDirectoryAction({ copies });
            setError(r.ok ? null : r.error);
            router.refresh();
          })
        }
      >
        {pending ? t('refreshingCopy') : t('refreshCopy')}
      </Button>
      {error && <p className="basis-full text-sm">{error}</p>}
    </>
  );
}
