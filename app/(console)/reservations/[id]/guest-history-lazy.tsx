'use client';

import dynamic from 'next/dynamic';

import { SkeletonLines } from '@/components/ui/skeleton';

/**
 * The guest's history table, loaded after the page: the table's code (TanStack Table) is not among
 * the scripts a reservation's page needs to show and act (its JavaScript budget, e2e/platform/js-budget).
 */
export const GuestHistoryTable = dynamic(() => import('./guest-history-table').then((m) => m.GuestHistoryTable), {
  ssr: false,
  loading: () => <SkeletonLines count={3} />,
});
