import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import type { NetworkScaleProtocol } from '@grain/shared';
import { encodeFrame, type IndicatorDisplay } from './encode.js';

/**
 * A weighing indicator behind a serial-to-Ethernet converter, as a real TCP server: it streams the continuous
 * output of its protocol to every connected client, several frames a second, as the real ones do. Tests (and
 * people, through `main.ts`) steer it: the weight, motion and settling, overload, net mode, a dropped connection,
 * garbage bytes, partial and split frames, a stall, the frame rate. Test and development use only.
 */
export interface ScaleSimulatorOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  host?: string;
  protocol?: NetworkScaleProtocol;
  /** Toledo only: a checksum byte after each frame's CR. */
  hasChecksum?: boolean;
  frameIntervalMs?: number;
  weightKg?: number;
  isStable?: boolean;
  /** The display's division: motion swings the weight by a few of them. */
  divisionKg?: number;
}

export interface ScaleSimulatorControl {
  /** Puts a weight on the platform; stable unless told otherwise. Ends any motion. */
  setWeight(weightKg: number, options?: { isStable?: boolean }): void;
  /** Unstable: the weight swings by a few divisions, flagged in motion, until set stable again. */
  setStable(isStable: boolean): void;
  /** A truck driving on: `motionFrames` frames in motion around `weightKg`, then stable at it. */
  driveOn(weightKg: number, motionFrames: number): void;
  /** Stable frames whose weights differ by up to ± this (kg), as a badly adjusted indicator sends. */
  setJitter(jitterKg: number): void;
  setRange(range: 'normal' | 'overload' | 'underload'): void;
  /** Net mode: the indicator has a tare set and shows net weights. */
  setMode(mode: 'gross' | 'net', tareKg?: number): void;
  /** Drops every open connection (the server keeps listening). */
  dropConnections(): void;
  /** While false, a new connection is accepted and dropped at once (a converter busy with another client). */
  setAcceptingConnections(isAccepting: boolean): void;
  /** Stops sending frames, the connection kept open; `resume` starts them again. */
  stall(): void;
  resume(): void;
  setFrameInterval(frameIntervalMs: number): void;
  /** Every frame written in this many pieces, each in its own write on its own turn of the event loop. */
  setPiecesPerFrame(pieces: number): void;
  /** Several frames in one write. */
  setFramesPerWrite(frames: number): void;
  /** The first half of a frame with no end, then the frames go on as before. */
  sendPartialFrame(): Promise<void>;
  sendRaw(bytes: Uint8Array | string): Promise<void>;
  /** `totalBytes` of pseudo-random bytes (seeded, the same every run), written as fast as the clients take them. */
  sendGarbage(totalBytes: number, seed?: number): Promise<void>;
  /** Resolves once a client is connected (at once if one is). */
  waitForClient(): Promise<void>;
  readonly clients: number;
  readonly framesSent: number;
}

export interface ScaleSimulator {
  host: string;
  port: number;
  protocol: NetworkScaleProtocol;
  control: ScaleSimulatorControl;
  close(): Promise<void>;
}

const GARBAGE_CHUNK_BYTES = 64 * 1024;

export async function startScaleSimulator(options: ScaleSimulatorOptions = {}): Promise<ScaleSimulator> {
  const protocol = options.protocol ?? 'ascii-continuous';
  const hasChecksum = options.hasChecksum ?? false;
  const divisionKg = options.divisionKg ?? 20;
  const clients = new Set<Socket>();
  const clientWaiters: (() => void)[] = [];
  let isAccepting = true;
  let weightKg = options.weightKg ?? 0;
  let tareKg = 0;
  let isStable = options.isStable ?? true;
  let motionFramesLeft = 0;
  let jitterKg = 0;
  let range: 'normal' | 'overload' | 'underload' = 'normal';
  let mode: 'gross' | 'net' = 'gross';
  let isStalled = false;
  let piecesPerFrame = 1;
  let framesPerWrite = 1;
  let framesSent = 0;

  const server = createServer((socket) => {
    if (!isAccepting) {
      socket.destroy();
      return;
    }
    socket.setNoDelay(true);
    socket.on('error', () => {});
    socket.once('close', () => clients.delete(socket));
    clients.add(socket);
    for (const resolve of clientWaiters.splice(0)) resolve();
  });

  function nextDisplay(): IndicatorDisplay {
    framesSent++;
    if (range !== 'normal') return { state: range, mode, weightKg: 0, tareKg };
    const swing = divisionKg * ((framesSent % 5) - 2) * 3;
    const isMoving = motionFramesLeft > 0 || !isStable;
    if (motionFramesLeft > 0) motionFramesLeft--;
    if (isMoving) return { state: 'unstable', mode, weightKg: weightKg + swing, tareKg };
    const jitter = jitterKg * ((framesSent % 3) - 1);
    const shown = mode === 'net' ? weightKg - tareKg : weightKg;
    return { state: 'stable', mode, weightKg: shown + jitter, tareKg };
  }

  function writeToClients(bytes: Uint8Array) {
    for (const socket of clients) if (!socket.destroyed) socket.write(bytes);
  }

  function writeInPieces(bytes: Buffer, pieces: number) {
    const size = Math.max(1, Math.ceil(bytes.length / pieces));
    const writePiece = (start: number) => {
      writeToClients(bytes.subarray(start, start + size));
      if (start + size < bytes.length) setImmediate(writePiece, start + size);
    };
    writePiece(0);
  }

  function tick() {
    if (isStalled || clients.size === 0) return;
    const frames = Array.from({ length: framesPerWrite }, () => encodeFrame(protocol, nextDisplay(), hasChecksum));
    if (piecesPerFrame > 1) for (const frame of frames) writeInPieces(frame, piecesPerFrame);
    else writeToClients(Buffer.concat(frames));
  }

  let timer = setInterval(tick, options.frameIntervalMs ?? 100);

  async function writeAndDrain(bytes: Uint8Array) {
    await Promise.all(
      [...clients].map(async (socket) => {
        if (!socket.destroyed && !socket.write(bytes))
          await Promise.race([once(socket, 'drain'), once(socket, 'close')]);
      }),
    );
  }

  const control: ScaleSimulatorControl = {
    setWeight(kg, { isStable: stable = true } = {}) {
      weightKg = kg;
      isStable = stable;
      motionFramesLeft = 0;
    },
    setStable(stable) {
      isStable = stable;
    },
    driveOn(kg, motionFrames) {
      weightKg = kg;
      isStable = true;
      motionFramesLeft = motionFrames;
    },
    setJitter(kg) {
      jitterKg = kg;
    },
    setRange(next) {
      range = next;
    },
    setMode(next, tare = 0) {
      mode = next;
      tareKg = tare;
    },
    dropConnections() {
      for (const socket of clients) socket.destroy();
    },
    setAcceptingConnections(accepting) {
      isAccepting = accepting;
    },
    stall() {
      isStalled = true;
    },
    resume() {
      isStalled = false;
    },
    setFrameInterval(ms) {
      clearInterval(timer);
      timer = setInterval(tick, ms);
    },
    setPiecesPerFrame(pieces) {
      piecesPerFrame = pieces;
    },
    setFramesPerWrite(frames) {
      framesPerWrite = frames;
    },
    async sendPartialFrame() {
      const frame = encodeFrame(protocol, nextDisplay(), hasChecksum);
      await writeAndDrain(frame.subarray(0, Math.floor(frame.length / 2)));
    },
    async sendRaw(bytes) {
      await writeAndDrain(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
    },
    async sendGarbage(totalBytes, seed = 0x5eed) {
      const chunk = pseudoRandomBytes(GARBAGE_CHUNK_BYTES, seed);
      for (let sent = 0; sent < totalBytes; sent += chunk.length) {
        await writeAndDrain(chunk.subarray(0, Math.min(chunk.length, totalBytes - sent)));
      }
    },
    waitForClient() {
      return clients.size > 0 ? Promise.resolve() : new Promise((resolve) => clientWaiters.push(resolve));
    },
    get clients() {
      return clients.size;
    },
    get framesSent() {
      return framesSent;
    },
  };

  const host = options.host ?? '127.0.0.1';
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    host,
    port,
    protocol,
    control,
    async close() {
      clearInterval(timer);
      for (const socket of clients) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** xorshift32: the same bytes for the same seed, so a failing garbage test fails the same way again. */
function pseudoRandomBytes(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < length; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[index] = state & 0xff;
  }
  return bytes;
}
