'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { LOCALE_CODES, LOCALES } from '@/lib/guestbook/locales';
import { createEntity, updateEntity } from './actions';
import { lazyZodResolver } from '@/components/forms/lazy-zod-resolver';
import type { EntityForm } from './schemas';

const resolver = lazyZodResolver<EntityForm>(() => import('./schemas').then((m) => m.EntityForm));

const input = 'block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500';

/** Create (no entityId) or edit an entity: name, default locale, default program. */
export function EntityFormView({ entityId, defaults, programs }: { entityId?: string; defaults: EntityForm; programs: { id: string; name: string }[] }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<EntityForm>({ resolver, defaultValues: defaults });
  useEffect(() => resolver.preload(), []);

  const onSubmit = async (values: EntityForm) => {
    setFormError(null);
    setSaved(false);
    const result = entityId ? await updateEntity({ ...values, id: entityId }) : await createEntity(values);
    if (!result.ok) {
      setFormError(result.error);
      for (const [field, messages] of Object.entries(result.fieldErrors ?? {})) {
        if (field === 'name' || field === 'default_locale' || field === 'default_program_id') setError(field, { message: messages.join('; ') });
      }
      return;
    }
    if (entityId) {
      reset(values);
      setSaved(true);
      router.refresh();
    } else router.push(`/entities/${result.data.id}`);
  };

  const field = (name: keyof EntityForm, label: string, control: React.ReactNode) => (
    <div className="space-y-1.5">
      <label htmlFor={`entity-${name}`} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control}
      {errors[name] && (
        <p id={`entity-${name}-error`} className="text-sm text-rose-700">
          {errors[name]?.message}
        </p>
      )}
    </div>
  );
  const described = (name: keyof EntityForm) => ({ 'aria-invalid': !!errors[name], 'aria-describedby': errors[name] ? `entity-${name}-error` : undefined });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <div aria-live="polite">
        {formError && <p className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200" data-testid="entity-form-error">{formError}</p>}
        {saved && <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800 ring-1 ring-emerald-200" data-testid="entity-form-saved">Saved.</p>}
      </div>
      {field('name', 'Name', <input id="entity-name" className={input} {...described('name')} {...register('name')} />)}
      {field(
        'default_locale',
        'Default locale',
        <select id="entity-default_locale" className={input} {...described('default_locale')} {...register('default_locale')}>
          {LOCALE_CODES.map((code) => (
            <option key={code} value={code}>
              {LOCALES[code]} ({code})
            </option>
          ))}
        </select>,
      )}
      {field(
        'default_program_id',
        'Default program',
        <select id="entity-default_program_id" className={input} {...described('default_program_id')} {...register('default_program_id')}>
          <option value="">{entityId ? 'Unchanged / none' : 'None'}</option>
          {programs.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>,
      )}
      <Button type="submit" disabled={isSubmitting || (!!entityId && !isDirty)}>
        {isSubmitting ? 'Saving…' : entityId ? 'Save changes' : 'Create entity'}
      </Button>
    </form>
  );
}
