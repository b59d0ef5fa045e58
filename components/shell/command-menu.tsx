'use client';

import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { useDebounced } from '@/components/forms/use-debounced';
import { confirmLeave, leaveFor } from '@/components/live/leave-guard';
import { notify } from '@/components/ui/toast';
import { readFailureText } from '@/lib/queries/get-json';
import { queryKeys } from '@/lib/queries/keys';
import { fetchGlobalSearch } from '@/lib/queries/reads';
import { GLOBAL_SEARCH_MIN_LENGTH as MIN_LENGTH, type SearchHit } from '@/lib/search/hit';

import { signOut } from './account-menu';
import { selectEntity } from './entity-switcher';
import { chooseTheme, currentTheme } from './theme';

/** The API is asked after this pause in typing. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Each kind of result under its heading (`shell.search.<group>`), in this order. */
const GROUPS = [
  { kind: 'reservation', group: 'reservations' },
  { kind: 'entity', group: 'entities' },
  { kind: 'delegate', group: 'delegates' },
] as const satisfies { kind: SearchHit['kind']; group: string }[];

/** A result's line beside its title, in the member's language: what it is, and for a reservation when, for how many and its status. */
function detailOf(hit: SearchHit, t: ReturnType<typeof useTranslations<'shell.search'>>): string {
  switch (hit.kind) {
    case 'entity':
      return t(hit.provisioned ? 'hit.entity' : 'hit.entityNotProvisioned');
    case 'delegate':
      return t('hit.delegate', { status: hit.status });
    case 'reservation':
      // the reservation's facts, as a list (not a sentence)
      return [
        hit.date,
        hit.time,
        hit.partySize ? t('hit.guests', { count: hit.partySize }) : null,
        t('hit.status', { status: hit.status }),
      ]
        .filter(Boolean)
        .join(' · ');
  }
}

export interface CommandMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pages: { href: string; label: string }[];
  /** the entities the member can switch to (the switcher's), and the one selected */
  entities: { id: string; name: string }[];
  selectedEntityId: string | null;
}

/**
 * What the page in view offers to do, found when the menu opens: its buttons marked
 * `data-command` (Cancel or Modify this reservation), named as they read. A page shows such a
 * button only to a member whose role may use it, so the menu offers no more than the page.
 */
function pageCommands(): { key: string; label: string; element: HTMLElement }[] {
  return [...document.querySelectorAll<HTMLElement>('main [data-command]')]
    .filter((element) => !element.hasAttribute('disabled') && element.getClientRects().length > 0)
    .map((element) => ({ key: element.dataset.command!, label: element.textContent?.trim() ?? '', element }));
}

const GROUP_CLASS =
  'mb-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-slate-500';
const ITEM_CLASS =
  'cursor-pointer rounded-md px-2 py-1.5 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900';

export function CommandMenu({ open, onOpenChange, pages, entities, selectedEntityId }: CommandMenuProps) {
  const t = useTranslations('shell.search');
  const tAccount = useTranslations('shell.account');
  const tAll = useTranslations();
  const router = useRouter();
  const [input, setInput] = useState('');
  const q = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = open && q.length >= MIN_LENGTH;
  const results = useQuery({
    queryKey: queryKeys.globalSearch(q),
    queryFn: ({ signal }) => fetchGlobalSearch(q, signal),
    enabled,
  });
  const go = async (href: string) => {
    onOpenChange(false);
    setInput('');
    await leaveFor(router, href);
  };
  /** Closes the menu, then does `act`: after the menu has given the focus back, so a dialog it opens keeps it. */
  const run = (act: () => void) => {
    onOpenChange(false);
    setInput('');
    setTimeout(act, 0);
  };
  const [onPage, setOnPage] = useState<ReturnType<typeof pageCommands>>([]);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOnPage(pageCommands());
  }
  const waiting = input.trim().length >= MIN_LENGTH && (input.trim() !== q || results.isFetching);
  const needle = input.trim().toLowerCase();
  const matches = (label: string) => !needle || label.toLowerCase().includes(needle);
  const matchingPages = pages.filter((p) => matches(p.label));
  const theme = open ? currentTheme() : 'system';
  const actions = [
    ...(['light', 'dark', 'system'] as const)
      .filter((choice) => choice !== theme)
      .map((choice) => ({
        key: `theme-${choice}`,
        label: t(choice === 'light' ? 'themeLight' : choice === 'dark' ? 'themeDark' : 'themeSystem'),
        act: () => run(() => chooseTheme(choice)),
      })),
    { key: 'language', label: t('language'), act: () => void go('/account') },
    { key: 'sign-out', label: tAccount('signOut'), act: () => run(signOut) },
  ].filter((a) => matches(a.label));
  const commands = onPage.filter((c) => matches(c.label));
  // Another entity is offered once the member typed and the search answered (its hits come first).
  const switches =
    needle && !waiting
      ? entities
          .filter((e) => e.id !== selectedEntityId)
          .map((e) => ({ ...e, label: t('switchTo', { name: e.name }) }))
          .filter((e) => matches(e.label))
      : [];
  const switchTo = (id: string) =>
    run(async () => {
      if (!(await confirmLeave())) return;
      const error = await selectEntity(id);
      if (error) notify(error, 'error');
    });
  const hits = enabled ? (results.data ?? []) : [];
  // The first result is the one Enter opens, whenever the results change.
  const values = [
    ...commands.map((c) => `command:${c.key}`),
    ...GROUPS.flatMap(({ kind }) => hits.filter((h) => h.kind === kind).map((h) => `${h.kind}:${h.id}`)),
    ...matchingPages.map((p) => `page:${p.href}`),
    ...switches.map((e) => `switch:${e.id}`),
    ...actions.map((a) => `action:${a.key}`),
  ];
  const [picked, setPicked] = useState({ q: '', value: '' });
  const selected = picked.q === q && values.includes(picked.value) ? picked.value : (values[0] ?? '');

  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label={t('dialog')}
      shouldFilter={false}
      value={selected}
      onValueChange={(value) => setPicked({ q, value })}
      loop
      // i18n-ignore: class names, not wording
      overlayClassName="fixed inset-0 z-40 bg-slate-900/30"
      // i18n-ignore: class names, not wording
      contentClassName="fixed inset-x-3 top-16 z-50 mx-auto max-w-xl overflow-hidden rounded-xl bg-surface shadow-2xl ring-1 ring-slate-200 sm:inset-x-auto sm:left-1/2 sm:w-full sm:-translate-x-1/2"
    >
      <Command.Input
        value={input}
        onValueChange={setInput}
        placeholder={t('placeholder')}
        className="w-full border-b border-slate-100 px-4 py-3 text-sm outline-none placeholder:text-slate-400"
        data-testid="global-search-input"
      />
      <Command.List className="max-h-[60vh] overflow-y-auto p-2 text-sm" data-testid="global-search-results">
        <div aria-live="polite" className="px-2 py-1 text-xs text-slate-500">
          {input.trim().length > 0 && input.trim().length < MIN_LENGTH
            ? t('minLength', { min: MIN_LENGTH })
            : waiting
              ? t('searching')
              : results.isError
                ? t('failed', { message: readFailureText(results.error, tAll) })
                : null}
        </div>
        <Command.Empty className="px-2 py-6 text-center text-slate-500">{waiting ? null : t('empty')}</Command.Empty>
        {commands.length > 0 && (
          <Command.Group heading={t('thisPage')} className={GROUP_CLASS}>
            {commands.map((c) => (
              <Command.Item
                key={c.key}
                value={`command:${c.key}`}
                onSelect={() => run(() => c.element.click())}
                className={ITEM_CLASS}
              >
                {c.label}
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {GROUPS.map(({ kind, group: heading }) => {
          const group = hits.filter((h) => h.kind === kind);
          return group.length ? (
            <Command.Group key={kind} heading={t(heading)} className={GROUP_CLASS}>
              {group.map((h) => (
                <Command.Item
                  key={`${h.kind}:${h.id}`}
                  value={`${h.kind}:${h.id}`}
                  onSelect={() => void go(h.href)}
                  className="flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-2 py-1.5 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900"
                >
                  <span className="truncate font-medium">{h.title ?? t('hit.guest')}</span>
                  <span className="shrink-0 text-xs text-slate-500">{detailOf(h, t)}</span>
                </Command.Item>
              ))}
            </Command.Group>
          ) : null;
        })}
        {matchingPages.length > 0 && (
          <Command.Group heading={t('pages')} className={GROUP_CLASS}>
            {matchingPages.map((p) => (
              <Command.Item
                key={p.href}
                value={`page:${p.href}`}
                onSelect={() => void go(p.href)}
                className={ITEM_CLASS}
              >
                {p.label}
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {switches.length > 0 && (
          <Command.Group heading={t('entitiesSwitch')} className={GROUP_CLASS}>
            {switches.map((e) => (
              <Command.Item key={e.id} value={`switch:${e.id}`} onSelect={() => switchTo(e.id)} className={ITEM_CLASS}>
                {e.label}
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {actions.length > 0 && (
          <Command.Group heading={t('actions')} className={GROUP_CLASS}>
            {actions.map((a) => (
              <Command.Item key={a.key} value={`action:${a.key}`} onSelect={a.act} className={ITEM_CLASS}>
                {a.label}
              </Command.Item>
            ))}
          </Command.Group>
        )}
      </Command.List>
    </Command.Dialog>
  );
}
