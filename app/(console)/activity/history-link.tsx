import { getTranslations } from 'next-intl/server';

import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';

/** The link from a record's page to its history: the activity log filtered to that record. */
export async function HistoryLink({ id }: { id: string }) {
  const t = await getTranslations('activity.history');
  return (
    <Button asChild variant="secondary" size="sm">
      <Link href={`/activity?record=${id}`} data-testid="history-link">
        {t('link')}
      </Link>
    </Button>
  );
}
