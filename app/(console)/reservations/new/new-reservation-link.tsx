import Link from 'next/link';

/** The "New reservation" entry point (shown to operators and admins only, by the page that renders it). */
export function NewReservationLink() {
  return (
    <Link
      href="/reservations/new"
      data-testid="new-reservation"
      className="inline-flex shrink-0 items-center justify-center gap-2 rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
    >
      New reservation
    </Link>
  );
}
