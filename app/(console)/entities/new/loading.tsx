import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonForm } from '@/components/ui/skeleton';

export default function NewEntityLoading() {
  return (
    <PageSkeleton label="the new entity form" width="xl">
      <PageHeader
        trail={[{ href: '/entities', label: 'Entities' }]}
        title="New entity"
        description="A brand or channel of the partner; the API assigns it to these credentials."
      />
      <Card>
        <SkeletonForm fields={['Name', 'Default locale', 'Default program']} />
      </Card>
    </PageSkeleton>
  );
}
