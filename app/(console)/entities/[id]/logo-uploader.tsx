'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { imageDimensions } from '@/lib/guestbook/logo';
import { queryKeys } from '@/lib/queries/keys';

import { readEntityLogoAction } from '../actions';
import { checkLogoDimensions, LOGO_MAX_SIDE_LABEL } from '../logo-dimensions';
import { checkLogoFile, LOGO_MAX_LABEL, LOGO_TYPES_LABEL } from '../logo-rules';
import { LogoImage } from './logo-image';

const logoKey = queryKeys.entityLogo;

interface Logo {
  url: string;
  width: number | null;
  height: number | null;
  aspect_ratio: number | null;
}

/** Drag-and-drop or pick a logo; checked here first, uploaded with progress, dimensions shown once processed. */
export function LogoUploader({
  entityId,
  logo: logoOfPage,
  canEdit,
}: {
  entityId: string;
  logo: Logo | null;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  // While the API processes the image, its logo alone is re-read every second (for up to a
  // minute) until the dimensions arrive: no page refresh, none of the page's other reads.
  const [pollingSince, setPollingSince] = useState(() => Date.now());
  const logoQuery = useQuery({
    queryKey: logoKey(entityId),
    queryFn: async () => {
      const r = await readEntityLogoAction({ id: entityId });
      if (!r.ok) throw new Error(r.error);
      return r.data;
    },
    initialData: logoOfPage,
    staleTime: Infinity,
    refetchInterval: (query) =>
      query.state.data && query.state.data.width === null && Date.now() - pollingSince < 60_000 ? 1000 : false,
  });
  const logo = logoQuery.data;
  const processing = !!logo && logo.width === null;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (f: File | undefined) => {
    setError(null);
    setProgress(null);
    if (!f) return;
    // The declared size is read from the header before the preview decodes any pixel.
    const problem =
      checkLogoFile(f) ?? checkLogoDimensions(f.name, imageDimensions(new Uint8Array(await f.arrayBuffer())));
    if (problem) {
      setFile(null);
      setPreview(null);
      setError(problem);
      return;
    }
    setFile(f);
    setPreview(URL.createObjectURL(f));
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
      } else {
        setProgress(null);
        setError(body.error ?? `The upload failed (HTTP ${xhr.status}).`);
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      setError('The upload failed: the dashboard could not be reached.');
    };
    setProgress(0);
    xhr.send(form);
  };

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-4">
        <LogoImage url={logo?.url ?? null} />
        <div className="text-sm" aria-live="polite">
          {logo ? (
            processing ? (
              <p data-testid="logo-status" className="text-amber-700">
                Processing… width, height and aspect ratio appear when the API has read the image.
              </p>
            ) : (
              <p data-testid="logo-status">
                {logo.width} × {logo.height} px · aspect ratio {logo.aspect_ratio?.toFixed(2)}
              </p>
            )
          ) : (
            <p className="text-slate-500">This entity has no logo yet.</p>
          )}
        </div>
      </div>
      {canEdit && (
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void choose(e.dataTransfer.files[0]);
          }}
          className={`rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm ${dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300'}`}
        >
          <p className="text-slate-600">
            Drop a {LOGO_TYPES_LABEL} image here (at most {LOGO_MAX_LABEL} and {LOGO_MAX_SIDE_LABEL}), or{' '}
            <button
              type="button"
              className="font-medium text-brand-700 underline"
              onClick={() => inputRef.current?.click()}
            >
              choose a file
            </button>
            .
          </p>
          <input
            ref={inputRef}
            type="file"
            aria-label="Logo file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
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
                alt="Preview of the new logo"
                className="h-16 w-16 rounded object-contain ring-1 ring-slate-200"
              />
              <div className="text-left">
                <p className="font-medium">{file.name}</p>
                <p className="text-xs text-slate-500">{(file.size / 1024).toFixed(0)} KB</p>
              </div>
              {progress === null ? (
                <Button onClick={upload}>Upload logo</Button>
              ) : (
                <div
                  className="w-40"
                  role="progressbar"
                  aria-valuenow={progress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-label="Upload progress"
                >
                  <div className="h-2 rounded bg-slate-200">
                    <div className="h-2 rounded bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
                  </div>
                  <p className="mt-1 text-xs text-slate-500">{progress}%</p>
                </div>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
