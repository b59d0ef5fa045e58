import { describe, expect, it } from 'vitest';

import type { Reservation } from '@/lib/guestbook/schemas';
import { csvHeader, csvRow } from '@/lib/server/reservations/reservations-csv';

import { CsvRecordCounter } from './csv-records';

const reservation = (id: string, notes: string | null): Reservation => ({
  id,
  status: 'confirmed',
  date: '2026-12-01',
  time: '19:30',
  party_size: 2,
  guest: { first_name: 'Ana', last_name: 'Lima', email: 'ana@example.com', phone: null },
  program_id: null,
  locale: 'pt-PT',
  notes,
});

describe('CsvRecordCounter', () => {
  it('counts records, not lines, however the bytes are split into chunks', () => {
    const csv = new TextEncoder().encode(
      csvHeader() +
        csvRow(
          reservation('3a4a3700-001d-5892-8142-f043d9bb21c1', 'Window seat,\r\nplease "quiet" table\nthanks'),
          undefined,
        ) +
        csvRow(reservation('3a4a3700-001d-5892-8142-f043d9bb21c2', null), undefined) +
        csvRow(reservation('3a4a3700-001d-5892-8142-f043d9bb21c3', '"\n"'), undefined),
    );
    for (const size of [1, 2, 7, csv.length]) {
      const counter = new CsvRecordCounter();
      for (let i = 0; i < csv.length; i += size) counter.push(csv.subarray(i, i + size));
      expect(counter.records, `chunks of ${size}`).toBe(3);
    }
  });

  it('counts nothing before the header ends', () => {
    const counter = new CsvRecordCounter();
    counter.push(new TextEncoder().encode('id,status'));
    expect(counter.records).toBe(0);
  });
});
