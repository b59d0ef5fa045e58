/** The sandbox's request log, read as the run goes: every API and token request the dashboard sent. */
import { sandboxControls, type LoggedRequest } from '../../lib/sandbox/control-client';
import { REQUEST_TIMEOUT_MS } from './options';

export class RequestLog {
  readonly entries: LoggedRequest[] = [];
  /** the last entry read */
  lastSeq = 0;

  constructor(readonly sandboxUrl: string) {}

  /**
   * Reads the log since the last read. An entry gets its status and client once answered, so the
   * read stops before the first request still in flight (other than this read itself) and takes
   * it up again next time.
   */
  async poll(): Promise<void> {
    const data = await sandboxControls(this.sandboxUrl).requests(this.lastSeq);
    if (data.length && data[0]!.seq > this.lastSeq + 1) {
      throw new Error(
        `the sandbox's request log dropped entries ${this.lastSeq + 1}–${data[0]!.seq - 1} between two reads`,
      );
    }
    for (const r of data) {
      const ownRead = r.path === '/_sandbox/requests';
      const stuck = Date.now() - Date.parse(r.at) > REQUEST_TIMEOUT_MS;
      if (r.status === undefined && !ownRead && !stuck) break;
      if (!r.path.startsWith('/_sandbox')) this.entries.push(r);
      this.lastSeq = r.seq;
    }
  }
}
