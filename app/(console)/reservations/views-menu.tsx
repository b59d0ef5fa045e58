'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { applyFieldErrors } from '@/components/forms/apply-field-errors';
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

/** The name's rules, as the action checks them (SaveViewInputSchema), without shipping zod to this page. */
const nameRules = {
  validate: (v: string) =>
    v.trim() === '' ? 'Name the view.' : v.trim().length > 60 ? 'At most 60 characters.' : true,
};

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
  const [saving, setSaving] = useState(false);
  const mine = views.filter((v) => v.mine);
  const team = views.filter((v) => !v.mine);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger className={buttonVariants({ variant: 'secondary' })} data-testid="views-menu">
          Views
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-h-[70vh] min-w-56 overflow-y-auto">
          {views.length === 0 && <DropdownMenuLabel>No saved views yet</DropdownMenuLabel>}
          {mine.length > 0 && <DropdownMenuLabel>Yours</DropdownMenuLabel>}
          {mine.map((v) => (
            <DropdownMenuItem key={v.id} asChild>
              <Link href={`/reservations/views/${v.id}`}>
                {v.name}
                {v.shared && <span className="ml-auto text-xs text-slate-500">shared</span>}
              </Link>
            </DropdownMenuItem>
          ))}
          {team.length > 0 && <DropdownMenuLabel>Shared with the team</DropdownMenuLabel>}
          {team.map((v) => (
            <DropdownMenuItem key={v.id} asChild>
              <Link href={`/reservations/views/${v.id}`}>{v.name}</Link>
            </DropdownMenuItem>
          ))}
          {query !== null && (
            <>
              {views.length > 0 && <DropdownMenuSeparator />}
              <DropdownMenuItem onSelect={() => setSaving(true)}>Save this search as a view…</DropdownMenuItem>
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
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SaveViewValues>({ defaultValues: { name: '', shared: false } });

  const onSubmit = async (values: SaveViewValues) => {
    setFormError(null);
    const saved = await saveViewAction({
      name: values.name.trim(),
      shared: values.shared,
      query,
      hiddenColumns: hiddenColumnsNow(),
      pageSize,
    });
    if (!saved.ok) {
      setFormError(saved.error);
      applyFieldErrors(saved.fieldErrors, ['name', 'shared'], setError);
      return notify(saved.error, 'error');
    }
    notify(`View “${values.name.trim()}” saved${values.shared ? ' and shared with the team' : ''}.`);
    reset();
    onOpenChange(false);
    router.refresh();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Save this search as a view">
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="mt-4 space-y-4" data-testid="save-view-form">
        {formError && <Notice tone="danger">{formError}</Notice>}
        <p className="text-sm text-slate-600">
          Its filters, sort, the columns you hide and its {pageSize} rows a page are kept; open it from Views or from
          search (Ctrl+K).
        </p>
        <FormField label="Name" error={errors.name?.message} id="view-name">
          <Input autoComplete="off" placeholder="Tonight, confirmed" {...register('name', nameRules)} />
        </FormField>
        {canShare && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="size-4" {...register('shared')} />
            Share with the whole team
          </label>
        )}
        <div className="flex justify-end gap-2">
          <DialogClose className={buttonVariants({ variant: 'secondary' })}>Cancel</DialogClose>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save view'}
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
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    const r = await deleteViewAction({ id: view.id });
    setPending(false);
    if (!r.ok) return notify(r.error, 'error');
    notify(`View “${view.name}” deleted.`);
    router.push('/reservations');
    router.refresh();
  };
  return (
    <Notice tone={dropped.length ? 'warning' : 'info'} data-testid="open-view">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p>
          View <strong className="font-semibold">{view.name}</strong>
          {mine ? (view.shared ? ', yours, shared with the team' : ', yours') : `, shared by ${view.owner}`}.
        </p>
        {canDelete && (
          <Button variant="secondary" size="sm" onClick={remove} disabled={pending}>
            {pending ? 'Deleting…' : 'Delete this view'}
          </Button>
        )}
      </div>
      {dropped.length > 0 && (
        <div className="mt-2">
          <p>Not applied here, so the search below runs without it:</p>
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
