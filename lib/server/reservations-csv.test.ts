import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvField, csvHeader, csvRow } from './reservations-csv';

describe('reservations CSV', () => {
  it('quotes what needs quoting and defuses formulas from guest input', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"\nthere')).toBe('"say ""hi""\nthere"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('+44 20 7946 0001')).toBe('+44 20 7946 0001');
    expect(csvField(null)).toBe('');
    expect(csvField(4)).toBe('4');
  });

  it('writes one line per reservation in the header order', () => {
    expect(csvHeader().trim().split(',')).toEqual([...CSV_COLUMNS]);
    const line = csvRow(
      {
        id: '3a4a3700-001d-5892-8142-f043d9bb21c1',
        status: 'confirmed',
        date: '2026-12-01',
        time: '19:30',
        party_size: 4,
        guest: { first_name: 'Inês', last_name: 'Silva, Jr', email: 'ines@example.com', phone: null },
        program_id: null,
        locale: 'pt-PT',
        notes: null,
      },
      'Casa Alfama',
    );
    expect(line).toBe('3a4a3700-001d-5892-8142-f043d9bb21c1,confirmed,2026-12-01,19:30,4,Inês,"Silva, Jr",ines@example.com,,Casa Alfama,,,pt-PT,,,\r\n');
  });
});
