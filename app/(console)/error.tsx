'use client';

import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';

export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <ErrorState
        title="Something went wrong"
        message={`This page failed to render${error.digest ? ` (log id ${error.digest})` : ''}. Try again; if it keeps failing, give the log id to your admin.`}
      />
      <Button variant="secondary" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
