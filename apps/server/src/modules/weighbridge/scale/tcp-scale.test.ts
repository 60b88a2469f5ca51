import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../lib/errors.js';
import { FAST, networkScale, READ_AT, simulatedScale } from './fixtures.js';
import {
  ScaleNotGrossError,
  ScaleOverloadError,
  ScaleProtocolError,
  ScaleUnderloadError,
  ScaleUnreachableError,
  ScaleUnstableError,
} from './scale-reader.js';
import { createTcpScaleReader } from './tcp-scale.js';

const PROTOCOLS = [
  { protocol: 'ascii-continuous', hasChecksum: false },
  { protocol: 'toledo-continuous', hasChecksum: false },
  { protocol: 'toledo-continuous', hasChecksum: true },
] as const;

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function scaleWith(...args: Parameters<typeof simulatedScale>) {
  const scale = await simulatedScale(...args);
  stops.push(scale.stop);
  return scale;
}

/** Long enough for tens of frames even on a busy machine: a refusal at the time-out has seen them. */
const SHORT = { timeoutMs: 800 };
const LONG = { timeoutMs: 10_000 };

describe.each(PROTOCOLS)('TCP scale reader, $protocol (checksum: $hasChecksum)', (options) => {
  it('reads a stable weight in whole kilograms, stamped by its clock', async () => {
    const { reader, sim } = await scaleWith({ ...options, weightKg: 24_560 });
    const reading = await reader.readStable(LONG);
    expect(reading).toMatchObject({
      scale: 'Waga najazdowa 1',
      grossKg: 24_560,
      isStable: true,
      unit: 'kg',
      at: READ_AT.toISOString(),
      source: 'indicator',
    });
    expect(reading.raw).toContain(options.protocol === 'ascii-continuous' ? 'ST,GS,+0024560kg' : '024560');
    expect(reader.status()).toMatchObject({
      connection: 'connected',
      lastFrame: { state: 'stable', weightKg: 24_560 },
    });
    expect(sim.control.clients).toBe(1);
  });

  it('refuses while the truck moves (SCALE_READING_UNSTABLE), then reads once it settles', async () => {
    const { reader, sim } = await scaleWith({ ...options, weightKg: 31_200, isStable: false });
    const refusal = await reader.readStable(SHORT).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ScaleUnstableError);
    expect(refusal).toMatchObject({ code: 'SCALE_READING_UNSTABLE', statusCode: 409 });
    sim.control.driveOn(31_200, 15);
    await expect(reader.readStable(LONG)).resolves.toMatchObject({ grossKg: 31_200 });
  });

  it('survives a dropped connection: reconnects and reads', async () => {
    const { reader, sim } = await scaleWith({ ...options, weightKg: 24_560 });
    await reader.readStable(LONG);
    sim.control.dropConnections();
    sim.control.setWeight(40_000);
    await expect(reader.readStable(LONG)).resolves.toMatchObject({ grossKg: 40_000 });
    expect(reader.status().reconnects).toBeGreaterThanOrEqual(1);
  });

  it('skips garbage, partial frames and frames split across writes or sent several at once', async () => {
    const { reader, sim } = await scaleWith({ ...options, weightKg: 24_560 });
    await reader.readStable(LONG);
    await sim.control.sendGarbage(50_000);
    await sim.control.sendPartialFrame();
    sim.control.setPiecesPerFrame(5);
    await expect(reader.readStable(LONG)).resolves.toMatchObject({ grossKg: 24_560 });
    sim.control.setPiecesPerFrame(1);
    sim.control.setFramesPerWrite(4);
    sim.control.setFrameInterval(40);
    sim.control.setWeight(18_020);
    await expect(reader.readStable(LONG)).resolves.toMatchObject({ grossKg: 18_020 });
    expect(reader.status().skippedBytes).toBeGreaterThan(40_000);
  });

  it('reports overload and underload at once, and a stable weight above capacity as overload', async () => {
    const { reader, sim } = await scaleWith({ ...options, weightKg: 24_560 });
    sim.control.setRange('overload');
    await expect(reader.readStable(LONG)).rejects.toMatchObject({ code: 'SCALE_OVERLOAD' });
    sim.control.setRange('underload');
    await expect(reader.readStable(LONG)).rejects.toBeInstanceOf(ScaleUnderloadError);
    sim.control.setRange('normal');
    sim.control.setWeight(60_020);
    await expect(reader.readStable(LONG)).rejects.toBeInstanceOf(ScaleOverloadError);
    sim.control.setWeight(60_000);
    await expect(reader.readStable(LONG)).resolves.toMatchObject({ grossKg: 60_000 });
  });

  it('refuses net weights (SCALE_NOT_GROSS): a ticket is built from gross weights', async () => {
    const { reader, sim } = await scaleWith({ ...options, weightKg: 24_560 });
    sim.control.setMode('net', 10_000);
    await expect(reader.readStable(LONG)).rejects.toBeInstanceOf(ScaleNotGrossError);
  });
});

describe('TCP scale reader', () => {
  it('takes no weight from stable frames that do not agree within one division', async () => {
    const { reader, sim } = await scaleWith({ weightKg: 24_560 });
    sim.control.setJitter(40);
    await expect(reader.readStable(SHORT)).rejects.toBeInstanceOf(ScaleUnstableError);
    sim.control.setJitter(0);
    await expect(reader.readStable(LONG)).resolves.toMatchObject({ grossKg: 24_560 });
  });

  it('waits for the number of agreeing frames the scale is configured with', async () => {
    const { reader, sim } = await scaleWith({ weightKg: 24_560 }, {}, { stableFrames: 20 });
    const before = sim.control.framesSent;
    await reader.readStable(LONG);
    expect(sim.control.framesSent - before).toBeGreaterThanOrEqual(20);
  });

  it('answers SCALE_PROTOCOL_ERROR when the indicator speaks another protocol', async () => {
    const { reader } = await scaleWith({ protocol: 'toledo-continuous' }, {}, { protocol: 'ascii-continuous' });
    const refusal = await reader.readStable(SHORT).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ScaleProtocolError);
    expect(refusal).toMatchObject({ code: 'SCALE_PROTOCOL_ERROR', statusCode: 502 });
  });

  it('answers SCALE_UNREACHABLE when nothing listens, and says why in its status', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const reader = createTcpScaleReader(networkScale(port, 'ascii-continuous'), FAST);
    stops.push(() => reader.close());
    const refusal = await reader.readStable(SHORT).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ScaleUnreachableError);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'SCALE_UNREACHABLE', statusCode: 503 });
    expect(reader.status()).toMatchObject({
      connection: 'connecting',
      lastError: expect.stringContaining('ECONNREFUSED'),
    });
    expect(reader.status().reconnects).toBeGreaterThanOrEqual(1);
  });

  it('reconnects once a converter busy with another client takes it again', async () => {
    const { reader, sim } = await scaleWith({ weightKg: 24_560 });
    sim.control.setAcceptingConnections(false);
    await expect(reader.readStable(SHORT)).rejects.toBeInstanceOf(ScaleUnreachableError);
    sim.control.setAcceptingConnections(true);
    await expect(reader.readStable(LONG)).resolves.toMatchObject({ grossKg: 24_560 });
  });

  it('drops a connection that goes silent, answers SCALE_UNREACHABLE, and reads when data comes again', async () => {
    const { reader, sim } = await scaleWith({ weightKg: 24_560 }, { silenceMs: 100 });
    await reader.readStable(LONG);
    sim.control.stall();
    await expect(reader.readStable(SHORT)).rejects.toBeInstanceOf(ScaleUnreachableError);
    expect(reader.status().lastError).toContain('No data for 100 ms');
    sim.control.resume();
    await expect(reader.readStable(LONG)).resolves.toMatchObject({ grossKg: 24_560 });
  });

  it('gives up a read when its signal aborts', async () => {
    const { reader } = await scaleWith({ weightKg: 24_560, isStable: false });
    const controller = new AbortController();
    const read = reader.readStable({ ...LONG, signal: controller.signal });
    controller.abort(new Error('request closed'));
    await expect(read).rejects.toThrow('request closed');
    await expect(reader.readStable({ ...LONG, signal: controller.signal })).rejects.toThrow('request closed');
  });

  it('closes: waiting reads and later ones answer SCALE_UNREACHABLE', async () => {
    const { reader, sim } = await scaleWith({ weightKg: 24_560, isStable: false });
    const read = reader.readStable(LONG).catch((error: unknown) => error);
    await sim.control.waitForClient();
    await reader.close();
    expect(await read).toBeInstanceOf(ScaleUnreachableError);
    await expect(reader.readStable(LONG)).rejects.toBeInstanceOf(ScaleUnreachableError);
    expect(reader.status().connection).toBe('closed');
    await vi.waitFor(() => expect(sim.control.clients).toBe(0));
  });

  it('connects on the first read, closes after a quiet spell, and opens again for the next read', async () => {
    const { reader, sim } = await scaleWith({ weightKg: 24_560 }, { idleCloseMs: 50 });
    expect(reader.status().connection).toBe('idle');
    expect(sim.control.clients).toBe(0);
    await reader.readStable(LONG);
    await vi.waitFor(() => expect(reader.status().connection).toBe('idle'));
    await vi.waitFor(() => expect(sim.control.clients).toBe(0));
    await expect(reader.readStable(LONG)).resolves.toMatchObject({ grossKg: 24_560 });
  });

  it('serves reads waiting at the same time', async () => {
    const { reader } = await scaleWith({ weightKg: 24_560 });
    const readings = await Promise.all([reader.readStable(LONG), reader.readStable(LONG), reader.readStable(LONG)]);
    expect(readings.map((reading) => reading.grossKg)).toEqual([24_560, 24_560, 24_560]);
  });
});
