import Link from 'next/link';
import { Button } from '@/components/ui/button';

/** The "New reservation" entry point (shown to operators and admins only, by the page that renders it). */
export function NewReservationLink() {
  return (
    <Button asChild>
      <Link href="/reservations/new" prefetch={false} data-testid="new-reservation">
        New reservation
      </Link>
    </Button>
  );
}
