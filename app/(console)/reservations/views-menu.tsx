'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { useActionForm } from '@/components/forms/use-action-form';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Link } from '@/components/ui/link';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/components/ui/toast';
import { deleteViewAction, saveViewAction } from '@/lib/actions/views';
import type { PageSize } from '@/lib/preferences/table-preferences';

/** Where the results table keeps the columns a member hid (DataTable's visibilityKey). */
export const RESULTS_COLUMNS_KEY = 'reservations.columns';

interface ViewChoice {
  id: string;
  name: string;
  shared: boolean;
  mine: boolean;
}

interface SaveViewValues {
  name: string;
  shared: boolean;
}

/** The longest name the action takes (SaveViewInputSchema). */
const NAME_MAX = 60;

/** The columns hidden in this browser now, as the view keeps them. */
function hiddenColumnsNow(): string[] {
  try {
    const state = JSON.parse(localStorage.getItem(RESULTS_COLUMNS_KEY) ?? '{}') as Record<string, boolean>;
    return Object.entries(state)
      .filter(([, visible]) => !visible)
      .map(([id]) => id);
  } catch {
    return [];
  }
}

/**
 * "Views": the member's saved searches and those shared with the team, each opened as it can run
 * in the selected entity's context, and "Save this search…" for the search shown (not offered
 * while the address holds a search that cannot run).
 */
export function ViewsMenu({
  views,
  query,
  canShare,
  pageSize,
}: {
  views: ViewChoice[];
  query: string | null;
  canShare: boolean;
  /** the rows per page the search is shown with, kept by the view */
  pageSize: PageSize;
}) {
  const t = useTranslations('reservations.views');
  const [saving, setSaving] = useState(false);
  const mine = views.filter((v) => v.mine);
  const team = views.filter((v) => !v.mine);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger className={buttonVariants({ variant: 'secondary' })} data-testid="views-menu">
          {t('menu')}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" width="wide">
          {views.length === 0 && <DropdownMenuLabel>{t('none')}</DropdownMenuLabel>}
          {mine.length > 0 && <DropdownMenuLabel>{t('yours')}</DropdownMenuLabel>}
          {mine.map((v) => (
            <DropdownMenuItem key={v.id} asChild>
              <Link href={`/reservations/views/${v.id}`}>
                {v.name}
                {v.shared && <span className="ml-auto text-xs text-slate-500">{t('shared')}</span>}
              </Link>
            </DropdownMenuItem>
          ))}
          {team.length > 0 && <DropdownMenuLabel>{t('team')}</DropdownMenuLabel>}
          {team.map((v) => (
            <DropdownMenuItem key={v.id} asChild>
              <Link href={`/reservations/views/${v.id}`}>{v.name}</Link>
            </DropdownMenuItem>
          ))}
          {query !== null && (
            <>
              {views.length > 0 && <DropdownMenuSeparator />}
              <DropdownMenuItem onSelect={() => setSaving(true)}>{t('saveSearch')}</DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {query !== null && (
        <SaveViewDialog open={saving} onOpenChange={setSaving} query={query} canShare={canShare} pageSize={pageSize} />
      )}
    </>
  );
}

function SaveViewDialog({
  open,
  onOpenChange,
  query,
  canShare,
  pageSize,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  query: string;
  canShare: boolean;
  pageSize: PageSize;
}) {
  const t = useTranslations('reservations.views');
  // The name's rules, as the action checks them (SaveViewInputSchema), without shipping zod to this page.
  const nameRules = {
    validate: (v: string) =>
      v.trim() === '' ? t('nameRequired') : v.trim().length > NAME_MAX ? t('nameTooLong', { max: NAME_MAX }) : true,
  };
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = useActionForm<SaveViewValues>({ defaultValues: { name: '', shared: false }, fields: ['name', 'shared'] });

  const onSubmit = submit(
    (values) =>
      saveViewAction({
        name: values.name.trim(),
        shared: values.shared,
        query,
        hiddenColumns: hiddenColumnsNow(),
        pageSize,
      }),
    (_, values) => {
      notify(t('saved', { name: values.name.trim(), shared: values.shared ? 'yes' : 'no' }));
      reset();
      onOpenChange(false);
      // the action's answer carries the page rendered anew (it revalidates the layout), with the view in the menu
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('saveTitle')}>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" data-testid="save-view-form">
        {formError && <Notice tone="danger">{formError}</Notice>}
        <p className="text-sm text-slate-600">{t('saveIntro', { pageSize })}</p>
        <FormField label={t('nameLabel')} error={errors.name?.message} id="view-name">
          <Input autoComplete="off" placeholder={t('namePlaceholder')} {...register('name', nameRules)} />
        </FormField>
        {canShare && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="size-4" {...register('shared')} />
            {t('shareWithTeam')}
          </label>
        )}
        <div className="flex justify-end gap-2">
          <DialogClose className={buttonVariants({ variant: 'secondary' })}>{t('cancel')}</DialogClose>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('saving') : t('save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The view the search was opened from, what of it could not run here, and its removal. */
export function OpenView({
  view,
  mine,
  canDelete,
  dropped,
}: {
  view: { id: string; name: string; shared: boolean; owner: string };
  mine: boolean;
  canDelete: boolean;
  dropped: string[];
}) {
  const t = useTranslations('reservations.views');
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    const r = await deleteViewAction({ id: view.id });
    setPending(false);
    if (!r.ok) return notify(r.error, 'error');
    notify(t('deleted', { name: view.name }));
    // the action revalidated the layout: the search opens rendered anew, without the view
    router.push('/reservations');
  };
  return (
    <Notice tone={dropped.length ? 'warning' : 'info'} data-testid="open-view">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p>
          {t.rich('opened', {
            whose: mine ? (view.shared ? 'mineShared' : 'mine') : 'other',
            name: view.name,
            owner: view.owner,
            b: (chunks) => <strong className="font-semibold">{chunks}</strong>,
          })}
        </p>
        {canDelete && (
          <Button variant="secondary" size="sm" onClick={remove} disabled={pending}>
            {pending ? t('deleting') : t('delete')}
          </Button>
        )}
      </div>
      {dropped.length > 0 && (
        <div className="mt-2">
          <p>{t('dropped')}</p>
          <ul className="mt-1 list-disc pl-5 font-mono text-xs break-all" data-testid="view-dropped">
            {dropped.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      )}
    </Notice>
  );
}
