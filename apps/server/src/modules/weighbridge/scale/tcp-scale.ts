import { connect, type Socket } from 'node:net';
import type { FrameParser, InvalidFrame, ParsedFrame } from './frame.js';
import { createFrameParser } from './frames.js';
import { type NetworkScaleConfig, SCALE_TIMINGS, type ScaleTimings } from './scale-config.js';
import {
  type ReadStableOptions,
  ScaleNotGrossError,
  ScaleOverloadError,
  ScaleProtocolError,
  type ScaleReader,
  type ScaleReading,
  type ScaleStatus,
  ScaleUnderloadError,
  ScaleUnreachableError,
  ScaleUnstableError,
} from './scale-reader.js';
import { type RunCondition, StableRun } from './stable-run.js';

export interface TcpScaleOptions extends Partial<ScaleTimings> {
  /** The time a reading is stamped with. */
  clock?: () => Date;
}

/**
 * Reads a weighing indicator's continuous output over TCP (an indicator behind a serial-to-Ethernet converter,
 * or one with Ethernet of its own). The connection opens on the first read, is kept while reads come, opens again
 * with back-off when it drops or goes silent, and closes after a quiet spell. Frames go through the protocol's
 * parser (`frames.ts`) and, for each waiting read, through a StableRun: the weight is taken only when the
 * indicator reports it stable, `stableFrames` times in a row within one division.
 */
export function createTcpScaleReader(config: NetworkScaleConfig, options: TcpScaleOptions = {}): ScaleReader {
  return new TcpScaleReader(config, options);
}

interface PendingRead {
  run: StableRun;
  /** Bytes and readable frames received on this connection since the read began: what a time-out is told by. */
  bytes: number;
  frames: number;
  finish(outcome: { reading: ScaleReading } | { error: unknown }): void;
}

const KEEP_ALIVE_MS = 10_000;
const CONNECTION_LOST: InvalidFrame = Object.freeze({ state: 'invalid', reason: 'connection lost', raw: '' });

class TcpScaleReader implements ScaleReader {
  readonly #config: NetworkScaleConfig;
  readonly #timings: ScaleTimings;
  readonly #clock: () => Date;
  readonly #parser: FrameParser;
  readonly #reads = new Set<PendingRead>();
  #socket: Socket | null = null;
  #connection: ScaleStatus['connection'] = 'idle';
  #backoffMs: number;
  #reconnectTimer: NodeJS.Timeout | null = null;
  #idleTimer: NodeJS.Timeout | null = null;
  #reconnects = 0;
  #lastError: string | null = null;
  #lastFrame: ScaleStatus['lastFrame'] = null;

  constructor(config: NetworkScaleConfig, options: TcpScaleOptions) {
    const { clock, ...timings } = options;
    this.#config = config;
    this.#timings = { ...SCALE_TIMINGS, ...timings };
    this.#clock = clock ?? (() => new Date());
    this.#parser = createFrameParser(config.protocol);
    this.#backoffMs = this.#timings.reconnectInitialMs;
  }

  readStable({ timeoutMs, signal }: ReadStableOptions): Promise<ScaleReading> {
    if (this.#connection === 'closed') return Promise.reject(new ScaleUnreachableError('The scale reader is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<ScaleReading>((resolve, reject) => {
      const onAbort = () => read.finish({ error: signal?.reason });
      const timer = setTimeout(() => read.finish({ error: this.#timeoutError(read) }), timeoutMs);
      const read: PendingRead = {
        run: new StableRun(this.#config),
        bytes: 0,
        frames: 0,
        finish: (outcome) => {
          if (!this.#reads.delete(read)) return;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          if (this.#reads.size === 0) this.#armIdleClose();
          if ('reading' in outcome) resolve(outcome.reading);
          else reject(outcome.error);
        },
      };
      this.#reads.add(read);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#ensureConnection();
    });
  }

  status(): ScaleStatus {
    return {
      scale: this.#config.name,
      source: 'indicator',
      connection: this.#connection,
      lastFrame: this.#lastFrame,
      reconnects: this.#reconnects,
      skippedBytes: this.#parser.skippedBytes,
      bufferedBytes: this.#parser.bufferedBytes,
      lastError: this.#lastError,
    };
  }

  async close(): Promise<void> {
    if (this.#connection === 'closed') return;
    this.#connection = 'closed';
    this.#clearTimers();
    for (const read of this.#reads) read.finish({ error: new ScaleUnreachableError('The scale reader is closed') });
    const socket = this.#socket;
    this.#socket = null;
    if (socket && !socket.destroyed) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.destroy();
      });
    }
  }

  #ensureConnection() {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    if (this.#connection === 'idle') this.#connect();
  }

  #connect() {
    this.#reconnectTimer = null;
    this.#connection = 'connecting';
    this.#parser.reset();
    const socket = connect({ host: this.#config.host, port: this.#config.port });
    this.#socket = socket;
    socket.setKeepAlive(true, KEEP_ALIVE_MS);
    const { connectTimeoutMs, silenceMs } = this.#timings;
    const connectTimer = setTimeout(() => {
      socket.destroy(new Error(`No connection within ${connectTimeoutMs} ms`));
    }, connectTimeoutMs).unref();
    socket.once('connect', () => {
      this.#connection = 'connected';
      clearTimeout(connectTimer);
      // A time-out speaks of the connection it ends on: what came over an earlier one does not count.
      for (const read of this.#reads) {
        read.bytes = 0;
        read.frames = 0;
      }
      const silence = setTimeout(() => socket.destroy(new Error(`No data for ${silenceMs} ms`)), silenceMs).unref();
      socket.on('data', (chunk: Buffer) => {
        silence.refresh();
        for (const read of this.#reads) read.bytes += chunk.length;
        this.#parser.push(chunk, this.#onFrame);
      });
      socket.once('close', () => clearTimeout(silence));
    });
    socket.on('error', (error) => {
      this.#lastError = error.message;
    });
    socket.once('close', () => {
      clearTimeout(connectTimer);
      if (this.#socket !== socket) return;
      // Frames on either side of a lost connection are not consecutive.
      for (const read of this.#reads) read.run.push(CONNECTION_LOST);
      this.#socket = null;
      this.#reconnects++;
      this.#connection = 'connecting';
      const delay = this.#backoffMs;
      this.#backoffMs = Math.min(delay * 2, this.#timings.reconnectMaxMs);
      this.#reconnectTimer = setTimeout(() => this.#connect(), delay).unref();
    });
  }

  readonly #onFrame = (frame: ParsedFrame) => {
    if (frame.state !== 'invalid') {
      const { state, mode, weightKg } = frame;
      this.#lastFrame = { state, mode, weightKg, at: this.#clock().toISOString() };
      this.#backoffMs = this.#timings.reconnectInitialMs;
    }
    for (const read of this.#reads) {
      if (frame.state !== 'invalid') read.frames++;
      const outcome = read.run.push(frame);
      if (outcome?.kind === 'reading') {
        read.finish({
          reading: {
            scale: this.#config.name,
            grossKg: outcome.weightKg,
            isStable: true,
            unit: 'kg',
            at: this.#clock().toISOString(),
            raw: outcome.frame.raw,
            source: 'indicator',
          },
        });
      } else if (outcome?.kind === 'refusal') {
        read.finish({ error: refusalOf(outcome.condition) });
      }
    }
  };

  #timeoutError(read: PendingRead): Error {
    if (this.#connection !== 'connected') {
      const cause = this.#lastError ? `: ${this.#lastError}` : '';
      return new ScaleUnreachableError(`No connection to ${this.#config.host}:${this.#config.port}${cause}`);
    }
    if (read.bytes === 0) return new ScaleUnreachableError('The scale sends no data');
    if (read.frames === 0) return new ScaleProtocolError(`No readable ${this.#config.protocol} frame`);
    return refusalOf(read.run.lastCondition ?? 'unstable');
  }

  #armIdleClose() {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (this.#reads.size > 0 || this.#connection === 'closed') return;
      this.#clearTimers();
      const socket = this.#socket;
      this.#socket = null;
      this.#connection = 'idle';
      this.#backoffMs = this.#timings.reconnectInitialMs;
      socket?.destroy();
    }, this.#timings.idleCloseMs).unref();
  }

  #clearTimers() {
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#reconnectTimer = null;
    this.#idleTimer = null;
  }
}

function refusalOf(condition: RunCondition): Error {
  switch (condition) {
    case 'overload':
      return new ScaleOverloadError();
    case 'underload':
      return new ScaleUnderloadError();
    case 'not-gross':
      return new ScaleNotGrossError();
    default:
      return new ScaleUnstableError();
  }
}
