'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { checkLogoDimensions, checkLogoFile, imageDimensions, type Logo } from '@/lib/guestbook/logo';
import { translateSaid, type Said } from '@/lib/i18n/said';
import { queryKeys } from '@/lib/queries/keys';
import { fetchEntityLogo } from '@/lib/queries/reads';

import { LogoDropZone, LogoStatus } from './logo-parts';

const logoKey = queryKeys.entityLogo;

/**
 * The entity's logo, and for an editor a drop zone: a logo dropped or picked is checked here
 * first, uploaded with progress, and its dimensions are shown once the API has processed it.
 */
export function LogoUploader({
  entityId,
  logo: logoOfPage,
  canEdit,
  dropHint,
}: {
  entityId: string;
  logo: Logo | null;
  canEdit: boolean;
  /** Which files the drop zone takes, written by the page (LogoDropZone's `hint`). */
  dropHint: ReactNode;
}) {
  const queryClient = useQueryClient();
  const t = useTranslations('entities');
  const tAll = useTranslations();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // While the API processes the image, its logo alone is re-read every second (for up to a
  // minute) until the dimensions arrive: no page refresh, none of the page's other reads.
  const [pollingSince, setPollingSince] = useState(() => Date.now());
  const logoQuery = useQuery({
    queryKey: logoKey(entityId),
    queryFn: ({ signal }) => fetchEntityLogo(entityId, signal),
    initialData: logoOfPage,
    staleTime: Infinity,
    refetchInterval: (query) =>
      query.state.data && query.state.data.width === null && Date.now() - pollingSince < 60_000 ? 1000 : false,
  });
  const logo = logoQuery.data;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  // The declared size is read from the header before the preview decodes any pixel.
  const check = async (f: File) =>
    checkLogoFile(f) ?? checkLogoDimensions(f.name, imageDimensions(new Uint8Array(await f.arrayBuffer())));
  const show = (f: File, problem: Said | null) => {
    if (problem) {
      setFile(null);
      setPreview(null);
      setError(translateSaid(tAll, problem));
      return;
    }
    setFile(f);
    setPreview(URL.createObjectURL(f));
  };
  const choose = (f: File | undefined) => {
    setError(null);
    setProgress(null);
    if (f) void check(f).then((problem) => show(f, problem));
  };
  const fail = (message: string) => {
    setProgress(null);
    setError(message);
    notify(message, 'error');
  };
  const upload = () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/entities/${entityId}/logo`);
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: { ok?: boolean; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: reported below */
      }
      if (xhr.status === 200 && body.ok) {
        setFile(null);
        setPreview(null);
        setProgress(null);
        setPollingSince(Date.now());
        void queryClient.invalidateQueries({ queryKey: logoKey(entityId) });
        notify(t('logo.uploaded'));
      } else fail(body.error ?? t('logo.failedStatus', { status: xhr.status }));
    };
    xhr.onerror = () => fail(t('logo.unreachable'));
    setProgress(0);
    xhr.send(form);
  };

  return (
    <div className="space-y-4">
      <LogoStatus logo={logo} />
      {canEdit && (
        <LogoDropZone hint={dropHint} onFile={choose}>
          <div aria-live="assertive">
            {error && (
              <p data-testid="logo-error" className="mt-2 text-rose-700">
                {error}
              </p>
            )}
          </div>
          {file && preview && (
            <div className="mt-4 flex items-center justify-center gap-4">
              {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL preview */}
              <img
                src={preview}
                alt={t('logo.preview')}
                className="h-16 w-16 rounded object-contain ring-1 ring-slate-200"
              />
              <div className="text-left">
                <p className="font-medium">{file.name}</p>
                <p className="text-xs text-slate-500">{t('logo.size', { size: (file.size / 1024).toFixed(0) })}</p>
              </div>
              {progress === null ? (
                <Button onClick={upload}>{t('logo.upload')}</Button>
              ) : (
                <div
                  className="w-40"
                  role="progressbar"
                  aria-valuenow={progress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-label={t('logo.progress')}
                >
                  <div className="h-2 rounded bg-slate-200">
                    <div className="h-2 rounded bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
                  </div>
                  <p className="mt-1 text-xs text-slate-500">{progress}%</p>
                </div>
              )}
            </div>
          )}
        </LogoDropZone>
      )}
    </div>
  );
}
