import pg from 'pg';

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

/**
 * A pool that can record the SQL the server sends while one request runs, so the same statements can be
 * replayed straight against PostgreSQL: the floor a list's server time is compared with.
 */
export class CapturingPool extends pg.Pool {
  private recording: CapturedQuery[] | null = null;

  startCapture() {
    this.recording = [];
  }

  stopCapture(): CapturedQuery[] {
    const captured = this.recording ?? [];
    this.recording = null;
    return captured;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads are not expressible here
  override query(config: any, values?: any, callback?: any): any {
    if (this.recording) {
      const text = typeof config === 'string' ? config : config.text;
      const params = (typeof config === 'string' ? values : (config.values ?? values)) ?? [];
      this.recording.push({ text, values: params });
    }
    return super.query(config, values, callback);
  }

  /** Runs the captured statements as the server did: concurrently (listPage runs its three queries at once). */
  async replay(queries: CapturedQuery[]): Promise<void> {
    await Promise.all(queries.map((query) => super.query(query.text, query.values as unknown[])));
  }
}
