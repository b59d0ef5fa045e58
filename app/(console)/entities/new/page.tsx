import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { knownPrograms, listEntities } from '@/lib/server/entities';
import { readApi } from '@/lib/server/read';
import { requireStaff } from '@/lib/server/session';
import { EntityFormView } from '../entity-form';

export const metadata: Metadata = { title: 'New entity' };

export default async function NewEntityPage() {
  await requireStaff('admin');
  const entities = await readApi(listEntities);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div>
        <Link href="/entities" className="text-sm text-brand-700 hover:underline">
          ← Entities
        </Link>
        <h1 className="mt-2 text-xl font-semibold text-slate-900">New entity</h1>
      </div>
      <Card>
        <EntityFormView defaults={{ name: '', default_locale: 'en-US', default_program_id: '' }} programs={entities.ok ? knownPrograms(entities.data) : []} />
      </Card>
    </div>
  );
}
