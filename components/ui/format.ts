export const formatUtc = (iso: string | null | undefined) =>
  iso ? `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC` : '—';
