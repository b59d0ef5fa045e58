/**
 * The browser and operating system a User-Agent names, for the member's list of their sessions
 * ("Firefox on Windows"). Only the common ones, by their own names (never translated); anything
 * else is null and the page says "a browser" or leaves the system out. A User-Agent is whatever
 * the client sent: this reads it for display, never for a decision.
 */
export interface DeviceName {
  browser: string | null;
  system: string | null;
}

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", and every iPhone
// browser says "Safari" as well as its own name.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function deviceName(userAgent: string | null | undefined): DeviceName {
  const ua = userAgent ?? '';
  const first = (list: [RegExp, string][]) => list.find(([re]) => re.test(ua))?.[1] ?? null;
  return { browser: first(BROWSERS), system: first(SYSTEMS) };
}
