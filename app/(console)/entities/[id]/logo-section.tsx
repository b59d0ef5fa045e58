'use client';

import { useEffect, useState } from 'react';

import { firstUseProps, onFirstUse, useLoaded } from '@/components/ui/lazy';
import type { Logo } from '@/lib/guestbook/logo';

import { LogoDropZone, LogoStatus } from './logo-parts';

const loadUploader = onFirstUse(() => import('./logo-uploader').then((m) => m.LogoUploader));

/**
 * The entity's logo and the drop zone at once; the uploader (its checks, the upload with progress,
 * and TanStack Query's polling while the API processes an image) loads when the pointer, a finger
 * or the focus first comes to the section, or a file is dropped or chosen before that. A logo still
 * processing loads it at once, to poll.
 */
export function LogoSection({ entityId, logo, canEdit }: { entityId: string; logo: Logo | null; canEdit: boolean }) {
  const [Uploader, startUploader] = useLoaded(loadUploader);
  const [pendingFile, setPendingFile] = useState<File | undefined>();
  // While the picker opened here is up, this drop zone and its file input stay: the file chosen
  // arrives on this input, and the uploader takes it from there.
  const [picking, setPicking] = useState(false);
  const processing = logo !== null && logo.width === null;
  useEffect(() => {
    if (processing) void startUploader();
  }, [processing, startUploader]);

  if (Uploader && !picking)
    return <Uploader entityId={entityId} logo={logo} canEdit={canEdit} pendingFile={pendingFile} />;
  return (
    <div
      className="space-y-4"
      {...(canEdit ? { ...firstUseProps(startUploader), onDragEnter: () => void startUploader() } : {})}
    >
      <LogoStatus logo={logo} />
      {canEdit && (
        <LogoDropZone
          onPicking={() => setPicking(true)}
          onFile={(file) => {
            setPicking(false);
            setPendingFile(file);
            void startUploader();
          }}
        />
      )}
    </div>
  );
}
