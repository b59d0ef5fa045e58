const REDACTED = '[redacted]';
const inspectSymbol = Symbol.for('nodejs.util.inspect.custom');

/**
 * Holds a confidential string (client secret, access token) so that it cannot end up in a log
 * line or a serialised object by accident: `String()`, `JSON.stringify` and `util.inspect`
 * all print "[redacted]". Only `reveal()` gives the value, at the one place that sends it.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspectSymbol](): string {
    return REDACTED;
  }
}
