'use client';

import dynamic from 'next/dynamic';

import { SkeletonLines } from '@/components/ui/skeleton';

/**
 * The notification defaults' forms, loaded after the page: their code (the form, its schema) is not
 * among the scripts the Team page needs to show its members (its JavaScript budget,
 * e2e/platform/js-budget).
 */
export const NotificationChoicesForm = dynamic(
  () => import('@/components/notifications/notification-choices-form').then((m) => m.NotificationChoicesForm),
  { ssr: false, loading: () => <SkeletonLines count={3} /> },
);

/** The size of a large party, the same way. */
export const LargePartyForm = dynamic(() => import('./large-party-form').then((m) => m.LargePartyForm), {
  ssr: false,
  loading: () => <SkeletonLines count={1} />,
});
