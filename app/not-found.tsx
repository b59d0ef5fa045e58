import { Link } from '@/components/ui/link';

export default function NotFound() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-lg font-semibold text-slate-900">Not found</h1>
      <p className="max-w-md text-sm text-slate-600">This page does not exist, or it is not one your role can open.</p>
      <Link href="/" className="text-sm font-medium text-brand-700 hover:underline">
        Back to the overview
      </Link>
    </main>
  );
}
