import { fork } from 'node:child_process';
import { nipFromSerial } from '@grain/shared';
import { round, timed, timingOf } from './stats.js';

/** The live-update target: the list's p95 with the streams open and events flowing, against none open. */
export const LIVE_LIST_P95_GROWTH_TARGET = 1.2;

interface LiveDeps {
  address: string;
  token: string;
  call: (method: string, path: string, body?: unknown) => Promise<unknown>;
  calls: number;
  clients: number;
}

interface ClientsProcess {
  send: (message: object) => void;
  next: <T>(type: string) => Promise<T>;
  stop: () => void;
}

function startClients(): ClientsProcess {
  const child = fork(new URL('./live-clients.mjs', import.meta.url), [], { stdio: 'inherit' });
  return {
    send: (message) => child.send(message),
    next: <T>(type: string) =>
      new Promise<T>((resolve, reject) => {
        const onMessage = (message: { type: string }) => {
          if (message.type !== type) return;
          child.off('message', onMessage);
          resolve(message as T);
        };
        child.on('message', onMessage);
        child.once('exit', (code) => reject(new Error(`live clients exited with ${code}`)));
      }),
    stop: () => child.send({ type: 'close' }),
  };
}

const now = () => performance.timeOrigin + performance.now();

/**
 * Live updates at scale (README Live updates): the logistics page the browser asks for (50 rows), timed with no
 * stream open, then with `clients` streams open on this one process (read by a process of their own), then while
 * contractors are created one after another; each creation's event is timed from sending the write to its arrival
 * on every stream; then again with no stream open.
 */
export async function measureLive({ address, token, call, calls, clients }: LiveDeps) {
  const listPage = () => call('POST', '/transport/list', { limit: 50, offset: 0, filter: { tab: 'all' } });
  const listSamples = async (): Promise<number[]> => {
    const samples: number[] = [];
    for (let i = 0; i < calls; i++) samples.push((await timed(listPage)).ms);
    return samples;
  };
  await listPage();
  // Without streams both before and after them, so a machine busier at one moment does not decide the comparison.
  const idleBefore = await listSamples();

  const streams = startClients();
  const ready = streams.next<{ open: number }>('ready');
  streams.send({ type: 'open', url: `${address}/api/events`, token, count: clients });
  const { open } = await ready;
  const connected = timingOf(await listSamples());

  // Writes one after another, each timed from its sending (the commit, and so the event, comes before the answer)
  // by the id it created, while the list is asked in parallel.
  const sentAt = new Map<string, number>();
  const writeSamples: number[] = [];
  const serialBase = 70_000_000 + Math.floor(Math.random() * 1_000_000);
  let writing = true;
  const writes = (async () => {
    for (let i = 0; i < calls; i++) {
      const sent = now();
      const created = (await call('POST', '/dictionary/contractor/create', {
        code: `LV${serialBase + i}`,
        name: `Kontrahent live ${serialBase + i}`,
        nip: nipFromSerial(serialBase + i),
        accounting_method: 'VAT',
      })) as { result: { id: number } };
      writeSamples.push(now() - sent);
      sentAt.set(`contractor:${created.result.id}`, sent);
      await new Promise((done) => setTimeout(done, 50));
    }
    writing = false;
  })();
  const duringSamples: number[] = [];
  while (writing) duringSamples.push((await timed(listPage)).ms);
  await writes;
  await new Promise((done) => setTimeout(done, 2000));
  const report = streams.next<{ arrivals: Record<string, number[]> }>('arrivals');
  streams.send({ type: 'report' });
  const { arrivals } = await report;
  streams.stop();
  const idle = timingOf([...idleBefore, ...(await listSamples())]);

  const delivery: number[] = [];
  let missing = 0;
  for (const [key, sent] of sentAt) {
    const times = arrivals[key] ?? [];
    missing += Math.max(0, open - times.length);
    for (const arrived of times) delivery.push(arrived - sent);
  }
  const during = timingOf(duringSamples);
  const result = {
    clients: open,
    events: sentAt.size,
    deliveries: delivery.length,
    missing,
    /** From sending the write to the event's arrival on each stream: the write's own time included. */
    deliveryMs: timingOf(delivery),
    writeMs: timingOf(writeSamples),
    list: { idle, connected, whileEventsFlow: during },
    listP95Growth: round(Math.max(connected.p95, during.p95) / Math.max(idle.p95, 0.1), 2),
  };
  const missed: string[] = [];
  if (result.missing > 0) missed.push(`${result.missing} event deliveries missing`);
  if (result.listP95Growth > LIVE_LIST_P95_GROWTH_TARGET)
    missed.push(`list p95 ×${result.listP95Growth} with ${open} streams > ×${LIVE_LIST_P95_GROWTH_TARGET}`);
  return { ...result, missedTargets: missed };
}
