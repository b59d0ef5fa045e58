/**
 * The address a request came from, as far as it can be trusted. The dashboard's own HTTP server
 * (scripts/server.ts) works it out from the connection and writes it into CLIENT_ADDRESS_HEADER,
 * replacing whatever a client sent under that name; the sign-in limits read only that header.
 *
 * With TRUSTED_PROXY_HOPS = 0 (the default) it is the connection's address and X-Forwarded-For
 * is ignored, since any client can write it. Behind N proxies that each append the address they
 * saw, it is the entry N places from the right of the chain `X-Forwarded-For, connection`.
 */
import { processWide } from '../process-wide';

export const CLIENT_ADDRESS_HEADER = 'x-dashboard-client-address';

const servedBy = () =>
  processWide('whether scripts/server.ts serves this process (the client address header is its own)', () => ({
    dashboardServer: false,
  }));

/** Called by scripts/server.ts before Next.js loads: this process's requests carry CLIENT_ADDRESS_HEADER as it wrote it. */
export function markDashboardServer(): void {
  servedBy().dashboardServer = true;
}

/**
 * Whether this process was started by scripts/server.ts. Under any other entry point (a bare
 * `next start`) CLIENT_ADDRESS_HEADER is whatever the client wrote, so it is not read, and a
 * production start is refused (lib/server/ops/start-checks.ts).
 */
export function servedByDashboardServer(): boolean {
  return servedBy().dashboardServer;
}

export function clientAddressOf(
  connection: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const chain = [...forwarded, connection ?? 'unknown'];
  // A chain shorter than the hops configured did not come through all the proxies: its first
  // entry is the closest thing to the client there is.
  return normalizeAddress(chain[Math.max(0, chain.length - 1 - trustedHops)]!);
}

/** IPv4-mapped IPv6 as IPv4; other IPv6 addresses by their /64, which one client typically holds whole. */
export function normalizeAddress(raw: string): string {
  const address = raw.replace(/^\[|\](:\d+)?$/g, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
