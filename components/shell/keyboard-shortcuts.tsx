'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';

import { leaveFor } from '@/components/live/leave-guard';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';

import { OPEN_SEARCH_EVENT } from './global-search-event';
import type { NavItem } from './nav';

/** `g` then this letter opens the page: the first letter of its name, or one it is known by. */
const GO_KEYS: Record<string, string> = {
  '/': 'o',
  '/today': 'y',
  '/identity': 'i',
  '/delegates': 'd',
  '/entities': 'e',
  '/allocations': 'a',
  '/reservations': 'r',
  '/venues': 'v',
  '/markets': 'm',
  '/activity': 'l',
  '/team': 't',
};

/** How long after `g` its letter is awaited. */
const GO_WINDOW_MS = 1_500;

const STORAGE_KEY = 'gb-shortcuts';

/** Whether single-key shortcuts are on for this browser (a member turns them off from the `?` list). */
function subscribeToSetting(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(STORAGE_KEY, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(STORAGE_KEY, onChange);
  };
}
const shortcutsOn = () => window.localStorage.getItem(STORAGE_KEY) !== 'off';
function setShortcutsOn(on: boolean) {
  if (on) window.localStorage.removeItem(STORAGE_KEY);
  else window.localStorage.setItem(STORAGE_KEY, 'off');
  window.dispatchEvent(new Event(STORAGE_KEY));
}

/** A key pressed while typing (a field, a select, an editable region, an open menu's list) is the field's, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null
  );
}

/** The rows of the page's list, each by the first link in it (the row's own page). */
function rowLinks(): HTMLAnchorElement[] {
  return [...document.querySelectorAll<HTMLAnchorElement>('main table tbody tr')]
    .map((row) => row.querySelector<HTMLAnchorElement>('a[href]'))
    .filter((a): a is HTMLAnchorElement => a !== null);
}

/** Moves focus to the next (`step` 1) or previous (-1) row of the page's list; from outside it, to the first. */
function moveInList(step: 1 | -1): void {
  const links = rowLinks();
  if (links.length === 0) return;
  const current = links.findIndex((a) => a.closest('tr')?.contains(document.activeElement));
  const next = current === -1 ? 0 : Math.min(links.length - 1, Math.max(0, current + step));
  links[next]!.focus();
  links[next]!.closest('tr')?.scrollIntoView({ block: 'nearest' });
}

/**
 * The console's keyboard shortcuts: `?` lists them, `g` then a letter opens a page, `/` focuses
 * the page's search (or opens the global search), `j`/`k` move through the rows of a list. None
 * acts while a field has the keyboard, and a member can turn them off (for a screen reader's own
 * single-key commands) from the list.
 */
export function KeyboardShortcuts({ pages }: { pages: NavItem[] }) {
  const t = useTranslations('shell.shortcuts');
  const locale = useLocale();
  const router = useRouter();
  const [listOpen, setListOpen] = useState(false);
  const on = useSyncExternalStore(subscribeToSetting, shortcutsOn, () => true);
  const goPending = useRef(0);
  const goKeys = useMemo(
    () => pages.filter((p) => GO_KEYS[p.href]).map((p) => ({ ...p, key: GO_KEYS[p.href]! })),
    [pages],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      // `?` always opens the list, so that shortcuts turned off can be turned on again.
      if (e.key === '?') {
        e.preventDefault();
        setListOpen(true);
        return;
      }
      if (!on) return;
      if (goPending.current > Date.now()) {
        goPending.current = 0;
        const target = goKeys.find((p) => p.key === e.key.toLowerCase());
        if (target) {
          e.preventDefault();
          void leaveFor(router, target.href);
        }
        return;
      }
      if (e.key === 'g') {
        goPending.current = Date.now() + GO_WINDOW_MS;
      } else if (e.key === '/') {
        e.preventDefault();
        const search = document.querySelector<HTMLElement>('main [data-shortcut="search"]');
        const field = search?.matches('input, select') ? search : search?.querySelector<HTMLElement>('input, select');
        if (field) field.focus();
        else window.dispatchEvent(new Event(OPEN_SEARCH_EVENT));
      } else if (e.key === 'j' || e.key === 'k') {
        e.preventDefault();
        moveInList(e.key === 'j' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on, goKeys, router]);

  // `always`: works with single-key shortcuts off too
  const rows: { keys: string[]; joiner?: string; what: string; always?: boolean }[] = [
    { keys: ['?'], what: t('showList'), always: true },
    { keys: [t('ctrl'), 'K'], joiner: '+', what: t('search'), always: true },
    { keys: ['/'], what: t('pageSearch') },
    { keys: ['j'], what: t('nextRow') },
    { keys: ['k'], what: t('previousRow') },
    ...goKeys.map((p) => ({ keys: ['g', p.key], joiner: t('then'), what: t('goTo', { page: p.label }) })),
  ];

  return (
    <Dialog open={listOpen} onOpenChange={setListOpen} title={t('title')} testId="shortcuts-dialog">
      <label className="mt-3 flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={on}
          onChange={(e) => setShortcutsOn(e.target.checked)}
          data-testid="shortcuts-on"
        />
        <span>
          {t('on')}
          <span className="block text-xs text-slate-500">{t('onNote')}</span>
        </span>
      </label>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">{t('title')}</caption>
        <thead className="sr-only">
          <tr>
            <th>{t('keys')}</th>
            <th>{t('what')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.what} className={cn(!on && !r.always && 'text-slate-400 line-through')}>
              <td className="py-1.5 pr-4 whitespace-nowrap">
                {r.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && <span className="px-1 text-xs text-slate-500">{r.joiner}</span>}
                    <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                      {k}
                    </kbd>
                  </span>
                ))}
              </td>
              <td className={cn('py-1.5', (on || r.always) && 'text-slate-700')}>{r.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {locale !== 'en' && (
        <p className="mt-3 text-xs text-slate-500" data-testid="shortcut-letters-note">
          {t('lettersNote')}
        </p>
      )}
    </Dialog>
  );
}
