'use client';

import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useCallback, useEffect, useRef, useState } from 'react';

import { OPEN_SEARCH_EVENT } from './global-search-event';

// The menu (cmdk and its dialog) is loaded when first wanted, or when the Search button is
// pointed at or focused, instead of with every page's first scripts.
const loadMenu = () => import('./command-menu');
const CommandMenu = dynamic(() => import('./command-menu').then((m) => m.CommandMenu), {
  ssr: false,
  loading: () => <MenuLoading />,
});

/** Shown for the moment the menu takes to load the first time ⌘K is pressed. */
function MenuLoading() {
  const t = useTranslations('shell.search');
  return (
    <div className="fixed inset-0 z-40 bg-slate-900/30" data-testid="global-search-loading">
      <div
        role="status"
        className="fixed inset-x-3 top-16 z-50 mx-auto max-w-xl rounded-xl bg-surface px-4 py-3 text-sm text-slate-500 shadow-2xl ring-1 ring-slate-200 sm:inset-x-auto sm:left-1/2 sm:w-full sm:-translate-x-1/2"
      >
        {t('opening')}
      </div>
    </div>
  );
}

/** "Search" in the header and ⌘K / Ctrl+K anywhere in the console. */
export function GlobalSearch({
  pages,
  entities,
  selectedEntityId,
}: {
  pages: { href: string; label: string }[];
  entities: { id: string; name: string }[];
  selectedEntityId: string | null;
}) {
  const t = useTranslations('shell.search');
  const [open, setOpen] = useState(false);
  // mounted from the first opening on, so that it keeps its state between openings
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The menu has no trigger of its own (⌘K opens it from anywhere): focus goes back by hand to
  // what had it when the menu opened, or to the Search button.
  const returnTo = useRef<HTMLElement | null>(null);
  const isOpen = useRef(false);
  const changeOpen = useCallback((next: boolean) => {
    if (next && !isOpen.current) {
      const active = document.activeElement;
      returnTo.current = active instanceof HTMLElement && active !== document.body ? active : button.current;
    }
    if (!next && isOpen.current) {
      const target = returnTo.current;
      // after the dialog's own focus handling on close, which runs in a task of its own
      setTimeout(() => (target?.isConnected ? target : button.current)?.focus(), 0);
    }
    isOpen.current = next;
    if (next) setWanted(true);
    setOpen(next);
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 'k' && (e.metaKey || e.ctrlKey) && !e.altKey) {
        e.preventDefault();
        changeOpen(!isOpen.current);
      }
    };
    const onAsked = () => changeOpen(true);
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_SEARCH_EVENT, onAsked);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_SEARCH_EVENT, onAsked);
    };
  }, [changeOpen]);
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => changeOpen(true)}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        className="inline-flex min-h-9 min-w-9 items-center justify-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-800 sm:px-2.5"
        // i18n-ignore: key names, as ARIA spells them
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="global-search-button"
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M8.5 3a5.5 5.5 0 014.38 8.83l3.4 3.4a.75.75 0 11-1.06 1.06l-3.4-3.4A5.5 5.5 0 118.5 3zm0 1.5a4 4 0 100 8 4 4 0 000-8z" />
        </svg>
        {/* The name says what it searches; the short word is what a wide screen shows. */}
        <span aria-hidden="true" className="hidden sm:inline">
          {t('button')}
        </span>
        <span className="sr-only">{t('buttonLabel')}</span>
        <kbd
          aria-hidden="true"
          className="hidden rounded bg-slate-100 px-1.5 font-sans text-xs text-slate-600 lg:inline"
        >
          {t('ctrlK')}
        </kbd>
      </button>
      {wanted && (
        <CommandMenu
          open={open}
          onOpenChange={changeOpen}
          pages={pages}
          entities={entities}
          selectedEntityId={selectedEntityId}
        />
      )}
    </>
  );
}
