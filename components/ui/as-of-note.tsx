import { Notice } from './notice';
import { RefreshButton } from './refresh-button';

/**
 * Says that a page shows answers read earlier, and when: served at once because the partner's API
 * request budget had no room for this page right now (readApi's `asOf`, `oldestAsOf` in
 * lib/server/api/read.ts), with a Refresh that asks again. Nothing when `asOf` is undefined.
 */
export function AsOfNote({ asOf }: { asOf: { at: Date; label: string; resumesAt?: string } | undefined }) {
  if (!asOf) return null;
  return (
    <Notice
      tone="info"
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2"
      data-testid="as-of-note"
      data-as-of={asOf.at.toISOString()}
    >
      <p className="min-w-0 flex-1">
        Shown as of <time dateTime={asOf.at.toISOString()}>{asOf.label}</time>:{' '}
        {asOf.resumesAt
          ? `the API's rate limit is reached; requests resume at ${asOf.resumesAt}, so this page shows answers read then.`
          : "the partner's API budget is busy, so this page shows answers read then."}
      </p>
      <RefreshButton />
    </Notice>
  );
}
