import { useTranslations } from 'next-intl';

import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';

/** The "New reservation" entry point (shown to operators and admins only, by the page that renders it). */
export function NewReservationLink() {
  const t = useTranslations('booking');
  return (
    <Button asChild>
      <Link href="/reservations/new" data-testid="new-reservation">
        {t('new.link')}
      </Link>
    </Button>
  );
}
