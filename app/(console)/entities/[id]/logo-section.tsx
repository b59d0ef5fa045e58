'use client';

import { useEffect, useState, type ComponentProps, type ComponentType } from 'react';

import { LogoImage } from './logo-image';
import type { LogoUploader } from './logo-uploader';

type Props = ComponentProps<typeof LogoUploader>;
let loading: Promise<ComponentType<Props>> | undefined;
const loadUploader = () => (loading ??= import('./logo-uploader').then((m) => m.LogoUploader));

/**
 * The entity's logo at once; the uploader (drop zone, checks, progress, and TanStack Query's
 * polling of the processing) loads after the page is interactive, so it is not in the page's
 * first JavaScript.
 */
export function LogoSection(props: Props) {
  const [Uploader, setUploader] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    let active = true;
    void loadUploader().then((m) => active && setUploader(() => m));
    return () => {
      active = false;
    };
  }, []);
  if (Uploader) return <Uploader {...props} />;
  const logo = props.logo;
  return (
    <div className="flex items-start gap-4">
      <LogoImage url={logo?.url ?? null} />
      <p className="text-sm text-slate-500">
        {logo
          ? logo.width === null
            ? 'Processing…'
            : `${logo.width} × ${logo.height} px · aspect ratio ${logo.aspect_ratio?.toFixed(2)}`
          : 'This entity has no logo yet.'}
      </p>
    </div>
  );
}
