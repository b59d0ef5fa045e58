'use client';

import { useTranslations } from 'next-intl';
import { createContext, useContext, useRef, useState, type ReactNode } from 'react';

import type { Logo } from '@/lib/guestbook/logo';

/** The entity's current logo in its 96 px box with its dimensions, or "No logo". */
export function LogoStatus({ logo }: { logo: Logo | null }) {
  const t = useTranslations('entities');
  return (
    <div className="flex items-start gap-4">
      <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
        {logo ? (
          // eslint-disable-next-line @next/next/no-img-element -- the API serves the image; no optimisation wanted
          <img src={logo.url} alt={t('logo.current')} className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="text-xs text-slate-600">{t('logo.none')}</span>
        )}
      </div>
      <div className="text-sm" aria-live="polite">
        {!logo ? (
          <p className="text-slate-500">{t('logo.noneYet')}</p>
        ) : logo.width === null ? (
          <p data-testid="logo-status" className="text-amber-700">
            {t('logo.processing')}
          </p>
        ) : (
          <p data-testid="logo-status">
            {t('logo.dimensions', {
              width: logo.width,
              height: logo.height ?? '',
              ratio: logo.aspect_ratio?.toFixed(2) ?? '',
            })}
          </p>
        )}
      </div>
    </div>
  );
}

/** Opens the drop zone's file picker. */
const ChooseFile = createContext<() => void>(() => undefined);

/** The drop zone's "choose a file": a button in the sentence the page writes (`hint`) that opens the file picker. */
export function LogoChooseButton({ children }: { children?: ReactNode }) {
  const choose = useContext(ChooseFile);
  return (
    <button type="button" className="font-medium text-brand-700 underline" onClick={choose}>
      {children}
    </button>
  );
}

/**
 * Drop a file here or choose one; what was chosen goes to `onFile`. Errors and the preview go below.
 * `hint` says which files are taken, written by the page on the server (`logo.drop`: its figures are
 * formatted there, so hydrating the page makes no number formatter), with a LogoChooseButton in it.
 */
export function LogoDropZone({
  hint,
  onFile,
  children,
}: {
  hint: ReactNode;
  onFile: (file: File | undefined) => void;
  children?: ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const t = useTranslations('entities');
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onFile(e.dataTransfer.files[0]);
      }}
      className={`rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm ${dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300'}`}
    >
      <p className="text-slate-600">
        <ChooseFile value={() => inputRef.current?.click()}>{hint}</ChooseFile>
      </p>
      <input
        ref={inputRef}
        type="file"
        aria-label={t('logo.file')}
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {children}
    </div>
  );
}
