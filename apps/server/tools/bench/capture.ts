import pg from 'pg';

/** One statement as the server sent it: the whole query config (prepared name, row mode, type parsers). */
export interface CapturedQuery {
  config: pg.QueryConfig & { rowMode?: string };
  /** Statements that had finished when this one was sent: the replay waits for the same ones. */
  after: number[];
}

/**
 * A pool that can record the SQL the server sends while one request runs, so the same statements can be
 * replayed straight against PostgreSQL: the floor a list's server time is compared with. The replay runs on
 * this pool (same connection settings), with the same prepared statement names, in the same order and with the
 * same concurrency: a statement starts once those that had finished before it in the request have finished.
 */
export class CapturingPool extends pg.Pool {
  private recording: { query: CapturedQuery; isDone: boolean }[] | null = null;

  startCapture() {
    this.recording = [];
  }

  stopCapture(): CapturedQuery[] {
    const captured = (this.recording ?? []).map((entry) => entry.query);
    this.recording = null;
    return captured;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads are not expressible here
  override query(config: any, values?: any, callback?: any): any {
    const recording = this.recording;
    if (!recording) return super.query(config, values, callback);
    const asConfig = typeof config === 'string' ? { text: config } : { ...config };
    const params = typeof config === 'string' ? values : (config.values ?? values);
    const after = recording.flatMap((entry, index) => (entry.isDone ? [index] : []));
    const entry = { query: { config: { ...asConfig, values: params ?? [] }, after }, isDone: false };
    recording.push(entry);
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const result: any = super.query(config, values, callback);
    if (result && typeof result.then === 'function') {
      void result.then(
        () => {
          entry.isDone = true;
        },
        () => {
          entry.isDone = true;
        },
      );
    }
    return result;
  }

  /** Runs the captured statements as the server did (see the class comment). */
  async replay(queries: CapturedQuery[]): Promise<void> {
    const done: Promise<unknown>[] = [];
    for (const query of queries) {
      const start = Promise.all(query.after.map((index) => done[index]));
      done.push(start.then(() => super.query(query.config)));
    }
    await Promise.all(done);
  }
}
