import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('server-only', () => ({}));

const { inputFromSearchParams } = await import('./read-route');

const SeatsBooked = z.strictObject({ entityId: z.string(), commitmentIds: z.array(z.string()).min(1) });

describe('inputFromSearchParams', () => {
  it('reads numbers, lists and absent nullable fields as the schema expects them', () => {
    expect(
      inputFromSearchParams(new URLSearchParams('page=2&query=status%3Dconfirmed&ids=a&ids=b&size=x'), {
        numbers: ['page', 'size'],
        lists: ['ids', 'none'],
        nullable: ['venueId'],
      }),
    ).toEqual({ page: 2, query: 'status=confirmed', ids: ['a', 'b'], size: 'x', none: [], venueId: null });
  });

  it('keeps what the schema must refuse: an unknown param, a param given twice, a number that is not one', () => {
    const unknown = SeatsBooked.safeParse(
      inputFromSearchParams(new URLSearchParams('entityId=e&commitmentIds=c&extra=1'), { lists: ['commitmentIds'] }),
    );
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.code).toBe('unrecognized_keys');
    const twice = SeatsBooked.safeParse(
      inputFromSearchParams(new URLSearchParams('entityId=e&entityId=f&commitmentIds=c'), { lists: ['commitmentIds'] }),
    );
    expect(twice.error?.issues[0]?.path).toEqual(['entityId']);
    const empty = SeatsBooked.safeParse(
      inputFromSearchParams(new URLSearchParams('entityId=e'), { lists: ['commitmentIds'] }),
    );
    expect(empty.error?.issues[0]?.path).toEqual(['commitmentIds']);
    expect(
      z
        .strictObject({ page: z.int() })
        .safeParse(inputFromSearchParams(new URLSearchParams('page=1e3'), { numbers: ['page'] })).success,
    ).toBe(false);
  });
});
