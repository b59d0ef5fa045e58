import { useTranslations } from 'next-intl';

/**
 * A record by its name; its id shows on hover. Without a name, the id behind "Show id": nobody
 * has to read a UUID, and whoever needs one (for a support request) opens it and copies it.
 */
export function NamedId({ name, id }: { name?: string | null; id: string | null | undefined }) {
  if (!id) return <>—</>;
  if (!name) return <ShownId id={id} />;
  return (
    <span title={id} data-id={id}>
      {name}
    </span>
  );
}

/**
 * A record's id, folded: "Show id" opens it, selectable for copying. `after` (a label's colon)
 * stays beside "Show id" when the id is open below it.
 */
export function ShownId({ id, after }: { id: string; after?: string }) {
  const t = useTranslations('ui');
  return (
    <details className="inline-block" data-id={id}>
      <summary className="cursor-pointer text-sm text-brand-700">
        <span className="hover:underline">{t('showId')}</span>
        {after && <span className="text-slate-700">{after}</span>}
      </summary>
      <code className="font-mono text-xs break-all select-all">{id}</code>
    </details>
  );
}
