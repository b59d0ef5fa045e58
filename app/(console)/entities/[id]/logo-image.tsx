/** The entity's current logo in its 96 px box, or "No logo": shown by the page at once and by the uploader once loaded. */
export function LogoImage({ url }: { url: string | null }) {
  return (
    <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
      {url ? (
        // eslint-disable-next-line @next/next/no-img-element -- the API serves the image; no optimisation wanted
        <img src={url} alt="Current logo" className="max-h-full max-w-full object-contain" />
      ) : (
        <span className="text-xs text-slate-600">No logo</span>
      )}
    </div>
  );
}
