import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonForm, SkeletonTable } from '@/components/ui/skeleton';

export default function ActivityLoading() {
  return (
    <PageSkeleton label="the activity log">
      <PageHeader
        title="Activity"
        description="Every change made through the dashboard: who, what, on which resource, before and after, and the result."
      />
      <SkeletonForm fields={['Staff e-mail']} />
      <Card>
        <SkeletonTable columns={['When (UTC)', 'Who', 'Action', 'Resource', 'Result']} toolbar />
      </Card>
    </PageSkeleton>
  );
}
