export function ErrorState({ title = 'This could not be loaded', message }: { title?: string; message: string }) {
  return (
    <div role="status" data-testid="error-state" className="rounded-lg bg-rose-50 px-5 py-4 ring-1 ring-rose-200">
      <p className="text-sm font-semibold text-rose-900">{title}</p>
      <p className="mt-1 text-sm text-rose-800">{message}</p>
    </div>
  );
}
