import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { companySettings, contractors, transports } from '../../src/db/schema/index.js';
import { watchEventLoop } from '../../test/event-loop.js';
import { round, type Timing, timingOf } from './stats.js';

/**
 * The transport order PDF under load: renders of an order with a 255-character word in every text field
 * of the carrier, the vehicle, the route's transport and our company, four at a time, and `/api/health` meanwhile.
 * Reports the worker's render time (wall clock and its thread's CPU), the call's server time, /api/health idle and
 * during the renders, and the longest the server's event loop went without a turn. Leaves the database as it was.
 */
export interface PdfBenchResult {
  renders: number;
  pages: number;
  kilobytes: number;
  /** The worker's render: wall clock, and the thread's CPU (10 ms resolution). */
  renderMs: Timing;
  renderCpuMs: Timing;
  /** The call's server time (its Server-Timing `app`): the database reads, waiting for a thread, the render. */
  callMs: Timing;
  healthIdleMs: Timing;
  healthDuringMs: Timing;
  longestLoopBlockMs: number;
}

const word = (tag: string) => `${tag}${'ŻółćGęśląJaźńWóz'.repeat(20)}`.slice(0, 255);
const metric = (header: string | null, name: string) =>
  Number(new RegExp(`(?:^|, )${name};dur=([\\d.]+)`).exec(header ?? '')?.[1] ?? Number.NaN);

/** A carrier and a transport copied from the first ones, every text field a long word; company settings likewise. */
async function seedLongOrder(db: Db) {
  const [carrier] = await db.select().from(contractors).orderBy(contractors.id).limit(1);
  const [transport] = await db.select().from(transports).orderBy(transports.id).limit(1);
  if (!carrier || !transport) throw new Error('the PDF bench needs the demo data (a contractor and a transport)');
  const [company] = await db.select().from(companySettings);
  const { id: _carrierId, ...carrierFields } = carrier;
  const [newCarrier] = await db
    .insert(contractors)
    .values({
      ...carrierFields,
      code: word(`BENCHPDF${Date.now()}`),
      name: word('Przewoźnik'),
      street: word('Ulica'),
      buildingNumber: word('Budynek'),
      postCode: word('Kod'),
      city: word('Miasto'),
      email: word('Email'),
      phoneNumber: word('Telefon'),
      nip: null,
      pesel: String(80_000_000_000 + (Date.now() % 1_000_000_000)),
    })
    .returning({ id: contractors.id });
  const { id: _transportId, registrationKey: _r, driverDocumentKey: _d, ...transportFields } = transport;
  const [newTransport] = await db
    .insert(transports)
    .values({
      ...transportFields,
      status: 'NEW',
      carrierId: newCarrier!.id,
      registrationNumber: word('Rejestracja'),
      trailerNumber: word('Naczepa'),
      driverName: word('Kierowca'),
      phoneNumber: word('Telefon'),
      driverDocumentId: word('Dokument'),
      gmpNumber: word('Gmp'),
      comment: word('Uwagi'),
    })
    .returning({ id: transports.id });
  const longCompany = {
    name: word('Firma'),
    street: word('Ulica'),
    postCode: word('Kod'),
    city: word('Miasto'),
    nip: company?.nip ?? '5260250274',
    email: word('Email'),
    phoneNumber: word('Telefon'),
  };
  await db
    .insert(companySettings)
    .values(longCompany)
    .onConflictDoUpdate({ target: companySettings.id, set: longCompany });
  const cleanUp = async () => {
    await db.delete(transports).where(eq(transports.id, newTransport!.id));
    await db.delete(contractors).where(eq(contractors.id, newCarrier!.id));
    if (company) await db.update(companySettings).set(company);
    else await db.delete(companySettings);
  };
  return { transportId: newTransport!.id, cleanUp };
}

export async function measurePdf(options: { db: Db; address: string; headers: Record<string, string>; calls: number }) {
  const { db, address, headers, calls } = options;
  console.log('\nTransport order PDF, a 255-character word in every field, 4 at a time');
  const { transportId, cleanUp } = await seedLongOrder(db);
  try {
    const health = async () => {
      const started = performance.now();
      const response = await fetch(`${address}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`/api/health: ${response.status}`);
      return performance.now() - started;
    };
    const render = async () => {
      const response = await fetch(`${address}/api/transport/order-pdf/${transportId}`, { headers });
      const file = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new Error(`order PDF: ${response.status}`);
      const timing = response.headers.get('server-timing');
      // Its page objects, to show what was measured.
      const pages = file.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
      const [app, render, cpu] = ['app', 'pdf', 'pdf-cpu'].map((name) => metric(timing, name));
      return { bytes: file.byteLength, pages, app: app!, render: render!, cpu: cpu! };
    };
    // Starts the PDF threads and warms them up; then /api/health alone.
    await Promise.all([render(), render()]);
    const healthIdle: number[] = [];
    for (let i = 0; i < Math.max(calls, 100); i++) healthIdle.push(await health());

    const renders: Awaited<ReturnType<typeof render>>[] = [];
    const healthDuring: number[] = [];
    let isRendering = true;
    const stopWatching = watchEventLoop();
    const polling = (async () => {
      while (isRendering) healthDuring.push(await health());
    })();
    for (let round = 0; round < Math.ceil(calls / 4); round++) {
      renders.push(...(await Promise.all([render(), render(), render(), render()])));
    }
    isRendering = false;
    await polling;
    const longestLoopBlockMs = stopWatching();

    const result: PdfBenchResult = {
      renders: renders.length,
      pages: renders[0]!.pages,
      kilobytes: round(renders[0]!.bytes / 1024, 1),
      renderMs: timingOf(renders.map((r) => r.render)),
      renderCpuMs: timingOf(renders.map((r) => r.cpu)),
      callMs: timingOf(renders.map((r) => r.app)),
      healthIdleMs: timingOf(healthIdle),
      healthDuringMs: timingOf(healthDuring),
      longestLoopBlockMs: round(longestLoopBlockMs),
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await cleanUp();
  }
}
