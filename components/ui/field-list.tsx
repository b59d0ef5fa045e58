import type { ReactNode } from 'react';

/** A definition list of label → value pairs, two columns on wide screens. */
export function FieldList({ fields }: { fields: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-4 sm:grid-cols-2">
      {fields.map((f) => (
        <div key={f.label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{f.label}</dt>
          <dd className="mt-1 text-sm break-words text-slate-900" data-testid={f.testId}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
