import { Card } from '@/components/ui/card';
import { PageSkeleton, SkeletonControl, SkeletonForm, SkeletonLines, SkeletonTitle } from '@/components/ui/skeleton';

/** Outside the console's layout, like its page: one column of two cards. */
export default function AccountLoading() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <PageSkeleton label="your account" width="sm">
        <Card>
          <h1 className="text-lg font-semibold text-slate-900">
            <SkeletonTitle label="Your account" />
          </h1>
          <div className="mt-1 mb-4">
            <SkeletonLines count={2} divided={false} />
          </div>
          <SkeletonForm
            fields={['Current password', 'New password (at least 12 characters)', 'Repeat the new password']}
          />
        </Card>
        <Card>
          <h2 className="text-sm font-semibold text-slate-900">Sessions</h2>
          <p className="mt-1 mb-4 text-sm text-slate-500">
            Lost a device, or signed in on a shared one? End every session of your account, this one included.
          </p>
          <SkeletonControl />
        </Card>
      </PageSkeleton>
    </main>
  );
}
