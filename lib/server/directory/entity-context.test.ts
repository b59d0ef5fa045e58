import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({ cookies: async () => ({ get: () => undefined }) }));
vi.mock('../api', () => ({ getApiClient: () => ({}) }));
const refusal = () => Object.assign(new Error('The lane of the request budget has no room now'), { code: 'busy' });
vi.mock('./entities', () => ({
  apiFor: vi.fn(),
  listEntities: () => new Promise((_, reject) => setTimeout(() => reject(refusal()), 1)),
}));
vi.mock('./partner', () => ({ getIdentity: () => Promise.reject(refusal()) }));

const { getSelectedEntity } = await import('./entity-context');

describe('the selected entity without a pick', () => {
  it('fails with the entity list’s error, leaving the identity’s failure, read alongside, not unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(getSelectedEntity()).rejects.toThrow('no room now');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
