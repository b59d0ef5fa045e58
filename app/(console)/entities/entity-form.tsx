'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { renderedRegister } from '@/components/forms/rendered-register';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { LiveRegion } from '@/components/ui/live-region';
import { Notice } from '@/components/ui/notice';
import { notify, notifyUndoable } from '@/components/ui/toast';
import { createEntityAction, updateEntityAction } from '@/lib/actions/entities';
import {
  EntityFormSchema,
  UNDOABLE_ENTITY_FIELDS,
  type EntityExpected,
  type EntityFormValues,
} from '@/lib/entities/schemas';
import { LOCALE_CODES, localeName } from '@/lib/guestbook/locales';

const FIELDS = ['name', 'default_locale', 'default_program_id'] as const;

/** Create (no entityId) or edit an entity: name, default locale, default program. */
export function EntityForm({
  entityId,
  defaults,
  programs,
}: {
  entityId?: string;
  defaults: EntityFormValues;
  programs: { id: string; name: string }[];
}) {
  const router = useRouter();
  const t = useTranslations('entities');
  const uiLocale = useLocale();
  const [notice, setNotice] = useState<'saved' | 'nothing' | null>(null);
  const {
    register,
    getValues,
    submit,
    formError,
    formState: { errors, isSubmitting, defaultValues: saved },
    reset,
  } = useActionForm<EntityFormValues>({
    resolver: zodResolver(EntityFormSchema),
    defaultValues: defaults,
    fields: FIELDS,
  });
  const rendered = renderedRegister({ register, getValues });

  const send = async (values: EntityFormValues) => {
    setNotice(null);
    // Compared with the values last saved, not the form's dirty flag: a change made before the page's
    // JavaScript ran is kept, but does not mark the form dirty.
    if (entityId && FIELDS.every((name) => values[name] === saved?.[name])) {
      setNotice('nothing');
      return;
    }
    return entityId ? updateEntityAction({ ...values, id: entityId }) : createEntityAction(values);
  };

  const onSubmit = submit(send, (entity, values) => {
    if (!entityId) return router.push(`/entities/${entity.id}`);
    const changed = FIELDS.filter((name) => values[name] !== saved?.[name]);
    const before: EntityFormValues = { ...defaults, ...saved };
    reset(values);
    setNotice('saved');
    router.refresh();
    if (!changed.every((f) => (UNDOABLE_ENTITY_FIELDS as readonly string[]).includes(f)))
      return notify(t('form.savedToast', { name: values.name }));
    // A new name or default locale alone can be taken back: the old values, written only over the saved ones.
    const expected: EntityExpected = Object.fromEntries(changed.map((f) => [f, values[f]]));
    notifyUndoable(t('form.savedToast', { name: values.name }), async () => {
      const undone = await updateEntityAction({ ...before, id: entityId, expected });
      if (undone.ok) {
        reset(before);
        setNotice(null);
        router.refresh();
      }
      return undone;
    });
  });

  const field = (name: keyof EntityFormValues, label: string, control: React.ReactElement<{ id?: string }>) => (
    <FormField label={label} error={errors[name]?.message} id={`entity-${name}`}>
      {control}
    </FormField>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <LiveRegion>
        {formError && (
          <Notice tone="danger" data-testid="entity-form-error">
            {formError}
          </Notice>
        )}
        {notice === 'saved' && (
          <Notice tone="success" data-testid="entity-form-saved">
            {t('form.saved')}
          </Notice>
        )}
        {notice === 'nothing' && <Notice data-testid="entity-form-unchanged">{t('form.unchanged')}</Notice>}
      </LiveRegion>
      {field('name', t('form.name'), <Input {...rendered('name')} />)}
      {field(
        'default_locale',
        t('form.defaultLocale'),
        <Select {...rendered('default_locale')}>
          {LOCALE_CODES.map((code) => (
            <option key={code} value={code}>
              {localeName(code, uiLocale)} ({code})
            </option>
          ))}
        </Select>,
      )}
      {field(
        'default_program_id',
        t('form.defaultProgram'),
        <Select {...rendered('default_program_id')}>
          <option value="">{entityId ? t('form.unchangedNone') : t('form.none')}</option>
          {programs.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>,
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('form.saving') : entityId ? t('form.saveChanges') : t('form.create')}
      </Button>
    </form>
  );
}
