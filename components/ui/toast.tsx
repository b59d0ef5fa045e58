'use client';

import { useEffect, useRef, useState, type ComponentType } from 'react';

import { onFirstUse } from './lazy';

type Tone = 'success' | 'error' | 'info';
interface Message {
  tone: Tone;
  text: string;
}

const EVENT = 'console:toast';
const loadSonner = onFirstUse(() => import('sonner'));

/**
 * The one place outcomes are announced: "saved", "applied", "cancelled". Callable from any client
 * component; the toast library loads with the first message.
 */
export function notify(text: string, tone: Tone = 'success'): void {
  window.dispatchEvent(new CustomEvent<Message>(EVENT, { detail: { text, tone } }));
}

function show(sonner: typeof import('sonner'), { tone, text }: Message) {
  const { toast } = sonner;
  (tone === 'error' ? toast.error : tone === 'info' ? toast.info : toast.success)(text);
}

/** Runs `onMount` once its earlier siblings (the toaster) have mounted. */
function AfterMount({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/** Mounted once in the console layout: a polite live region for `notify`. */
export function ToastRegion() {
  const [sonner, setSonner] = useState<typeof import('sonner') | null>(null);
  const queue = useRef<Message[]>([]);
  const mounted = useRef(false);
  useEffect(() => {
    const onMessage = (event: Event) => {
      const message = (event as CustomEvent<Message>).detail;
      void loadSonner().then((loaded) => {
        if (mounted.current) return show(loaded, message);
        // A toast sent before the toaster is mounted would be lost: it waits for the mount.
        queue.current.push(message);
        setSonner(() => loaded);
      });
    };
    window.addEventListener(EVENT, onMessage);
    return () => window.removeEventListener(EVENT, onMessage);
  }, []);
  if (!sonner) return null;
  const Toaster = sonner.Toaster as ComponentType<Record<string, unknown>>;
  const root = document.documentElement.classList;
  return (
    <>
      <Toaster
        theme={root.contains('dark') ? 'dark' : root.contains('light') ? 'light' : 'system'}
        position="bottom-right"
        closeButton
        richColors
      />
      <AfterMount
        onMount={() => {
          mounted.current = true;
          for (const message of queue.current.splice(0)) show(sonner, message);
        }}
      />
    </>
  );
}
