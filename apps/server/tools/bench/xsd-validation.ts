import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildFa3Xml } from '../../src/modules/ksef/xml/fa3.js';
import { PLN_CEREALS } from '../../src/modules/ksef/xml/fixtures.js';
import { stopXsdValidator, validateXml } from '../../src/modules/ksef/xml/validate.js';
import { round, timed, timingOf } from './stats.js';

/**
 * `node --import tsx apps/server/tools/bench/xsd-validation.ts`: XSD validation of one FA (3) invoice (issue target:
 * ≤ 50 ms warm): the first call (thread start, wasm compile, schema parse), warm calls one after another, 20 at
 * once, and how late the event loop ran meanwhile (the validation runs in a worker thread), against the same
 * measure over an idle stretch as long (what the machine's own load costs).
 */
export async function measureXsdValidation(warmCalls = 50) {
  const xml = buildFa3Xml(PLN_CEREALS);
  await stopXsdValidator();
  const first = await timed(() => validateXml(xml, 'FA'));
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const utilisationBefore = performance.eventLoopUtilization();
  const warm: number[] = [];
  for (let call = 0; call < warmCalls; call++) warm.push((await timed(() => validateXml(xml, 'FA'))).ms);
  const parallel = await timed(() => Promise.all(Array.from({ length: 20 }, () => validateXml(xml, 'FA'))));
  const utilisation = performance.eventLoopUtilization(utilisationBefore);
  loop.disable();
  const busyMs = warm.reduce((sum, ms) => sum + ms, 0) + parallel.ms;
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, busyMs));
  idle.disable();
  if (!first.value.valid || !parallel.value.every((result) => result.valid))
    throw new Error('the fixture must be valid');
  return {
    firstMs: round(first.ms),
    warm: timingOf(warm),
    twentyAtOnceMs: round(parallel.ms),
    /** Share of the time the server thread itself was busy meanwhile (0..1): its own part of the work. */
    eventLoopUtilisation: round(utilisation.utilization, 3),
    eventLoopDelayMaxMs: round(loop.max / 1e6),
    eventLoopDelayP99Ms: round(loop.percentile(99) / 1e6),
    idleEventLoopDelayMaxMs: round(idle.max / 1e6),
    idleEventLoopDelayP99Ms: round(idle.percentile(99) / 1e6),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureXsdValidation(), null, 2));
  await stopXsdValidator();
}
