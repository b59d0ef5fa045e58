import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonFields, SkeletonTitle } from '@/components/ui/skeleton';

export default function IdentityLoading() {
  return (
    <PageSkeleton label="the identity" width="4xl">
      <PageHeader
        title="Identity"
        description="Every field of GET /v2/identities/me for the dashboard’s credentials."
      />
      <Card title={<SkeletonTitle label="Partner identity" />}>
        <SkeletonFields
          labels={[
            'Id',
            'Type',
            'Name',
            'Client id',
            'Status',
            'Default entity',
            'Associated entities (active)',
            'Delegated identities',
            'Suspension source',
            'Suspended at',
            'Created',
            'Updated',
          ]}
        />
      </Card>
    </PageSkeleton>
  );
}
