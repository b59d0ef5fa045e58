export default function Loading() {
  return (
    <div className="mx-auto max-w-4xl animate-pulse space-y-4" aria-busy="true" aria-label="Loading">
      <div className="h-6 w-40 rounded bg-slate-200" />
      <div className="h-48 rounded-lg bg-surface ring-1 ring-slate-200" />
    </div>
  );
}
