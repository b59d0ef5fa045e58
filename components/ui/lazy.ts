'use client';

import { startTransition, useCallback, useEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';

/**
 * A module loaded once, on first use. Menus, dialogs and toasts load their library when the user
 * first reaches for them (a click, a key, a hover), so pages do not ship it with their first load.
 */
export function onFirstUse<T>(loader: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= loader());
}

/**
 * The loaded value of `load` (null until then) and a function that starts loading it. With
 * `transition`, what the value draws is rendered in a transition, which React splits into short
 * tasks: for a part that many elements show at once.
 */
export function useLoaded<T>(
  load: () => Promise<T>,
  { transition = false }: { transition?: boolean } = {},
): [T | null, () => Promise<T>] {
  const [value, setValue] = useState<T | null>(null);
  const start = useCallback(
    () =>
      load().then((v) => {
        if (transition) startTransition(() => setValue(() => v));
        else setValue(() => v);
        return v;
      }),
    [load, transition],
  );
  return [value, start];
}

/**
 * A trigger drawn first as a plain button and replaced by the loaded one (a menu's trigger must be
 * the library's own). `load` also notes whether the plain button had the focus when the module
 * arrived: the loaded trigger then takes it, so a keyboard user who tabbed onto it keeps their
 * place instead of being sent back to the top of the page.
 */
export function useLoadedTrigger<T>(load: () => Promise<T>): {
  loaded: T | null;
  load: () => Promise<T>;
  placeholder: RefObject<HTMLButtonElement | null>;
  focusLoaded: boolean;
} {
  const [loaded, start] = useLoaded(load);
  const placeholder = useRef<HTMLButtonElement>(null);
  const [focusLoaded, setFocusLoaded] = useState(false);
  const loadKeepingFocus = useCallback(
    () =>
      start().then((v) => {
        // Runs before React draws the loaded trigger: the plain button is still in the page.
        if (placeholder.current && placeholder.current === document.activeElement) setFocusLoaded(true);
        return v;
      }),
    [start],
  );
  return { loaded, load: loadKeepingFocus, placeholder, focusLoaded };
}

/** The loaded side of useLoadedTrigger: its trigger takes the focus the plain button had. */
export function useTakeFocus(trigger: RefObject<HTMLElement | null>, take: boolean | undefined): void {
  useEffect(() => {
    if (take) trigger.current?.focus();
  }, [take, trigger]);
}

/**
 * Whether a focus came from the keyboard. A plain trigger loads its module on a keyboard focus
 * only: a mouse press focuses it too, and a module arriving between the press and the release
 * would swap the button under the pointer and lose the click (the click loads it instead).
 */
export const focusedByKeyboard = (e: FocusEvent<HTMLElement>): boolean => e.currentTarget.matches(':focus-visible');

/**
 * Props that start `start` when the pointer, a finger or the focus first comes to an element: for a
 * part of the page drawn by the server whose code is only needed once someone reaches for it.
 */
export function firstUseProps(start: () => unknown): {
  onPointerEnter: () => void;
  onTouchStart: () => void;
  onFocus: () => void;
} {
  const go = () => void start();
  return { onPointerEnter: go, onTouchStart: go, onFocus: go };
}

/** Events that say someone is using the page. */
const ACTIVITY = [
  'pointermove',
  'pointerdown',
  'keydown',
  'touchstart',
  'wheel',
  'scroll',
  'focusin',
  'visibilitychange',
];

/**
 * Runs `start` once, the first time someone uses the page: a pointer, a finger, a key, a scroll, or
 * the tab shown again. For the parts that only keep a figure current, which a page that is loading
 * and not yet used does not need.
 */
export function useOnFirstActivity(start: () => unknown): void {
  useEffect(() => {
    const options = { capture: true, passive: true };
    const stop = () => ACTIVITY.forEach((type) => window.removeEventListener(type, go, options));
    const go = () => {
      stop();
      start();
    };
    ACTIVITY.forEach((type) => window.addEventListener(type, go, options));
    return stop;
  }, [start]);
}
