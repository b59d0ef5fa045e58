'use client';

import { useTranslations } from 'next-intl';

import { idsOf } from '@/lib/changes/events';

import { ChangedBanner, useLiveFollow, useUnsavedEdits } from './live-follow';

/**
 * The allocation grid following applies made elsewhere: refreshed in place, or, while it holds
 * staged edits (which stay staged), a banner naming who changed the seats of which commitments.
 */
export function GridLive({
  staged,
  describeCommitment,
}: {
  /** the grid holds edits not applied yet */
  staged: boolean;
  describeCommitment: (commitmentId: string) => string;
}) {
  const t = useTranslations('shell.live');
  // "Show the new version" re-reads the rows; the staged edits stay, checked again at the next apply.
  useUnsavedEdits(staged, () => undefined);
  const { pending, showNewVersion } = useLiveFollow((e) => e.kind === 'allocation.applied');
  const last = pending.at(-1);
  if (!last) return null;
  const commitments = [...new Set(pending.flatMap((e) => idsOf(e, 'commitments')))].map(describeCommitment).join('; ');
  return (
    <ChangedBanner
      text={
        last.who ? t('banner.gridBy', { name: last.who.name, commitments }) : t('banner.gridOutside', { commitments })
      }
      onShow={showNewVersion}
    />
  );
}
