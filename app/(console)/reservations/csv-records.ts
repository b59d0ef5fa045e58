/**
 * Counts the records of a CSV (RFC 4180) as its bytes arrive: a line break inside a quoted
 * field (a note written on two lines) is part of that field, not a new record. Quotes are
 * counted byte by byte, so a quote split across chunks is handled; an escaped quote ("")
 * toggles twice and leaves the state as it was.
 */
export class CsvRecordCounter {
  #inQuotes = false;
  #lineBreaks = 0;

  push(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (byte === 0x22) this.#inQuotes = !this.#inQuotes;
      else if (byte === 0x0a && !this.#inQuotes) this.#lineBreaks++;
    }
  }

  /** Records seen so far after the header line. */
  get records(): number {
    return Math.max(0, this.#lineBreaks - 1);
  }
}
