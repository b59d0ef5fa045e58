/**
 * A record's name, with its id beside it for copying (and on hover). Without a name, the id alone.
 */
export function NamedId({ name, id }: { name?: string | null; id: string | null | undefined }) {
  if (!id) return <>—</>;
  if (!name) return <span className="font-mono text-xs break-all">{id}</span>;
  return (
    <span title={id}>
      {name} <span className="font-mono text-xs break-all text-slate-500 select-all">{id}</span>
    </span>
  );
}
