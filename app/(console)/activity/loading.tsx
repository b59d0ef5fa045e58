import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonForm, SkeletonTable } from '@/components/ui/skeleton';

export default function ActivityLoading() {
  return (
    <PageSkeleton label="the activity log">
      <PageHeader
        title="Activity"
        description="Every sign-in and every change made through the dashboard: who, what, on which resource, what changed, and the result."
      />
      <SkeletonForm fields={['Member', 'Action', 'Result', 'From (UTC)', 'To (UTC)', 'Rows per page']} />
      <Card>
        <SkeletonTable columns={['When (UTC)', 'Who', 'Action', 'Resource', 'Result']} toolbar />
      </Card>
    </PageSkeleton>
  );
}
