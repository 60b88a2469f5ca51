import { createInterface } from 'node:readline';
import { type NetworkScaleProtocol, SCALE_PROTOCOLS } from '@grain/shared';
import { startScaleSimulator } from './simulator.js';

/**
 * The simulated weighing indicator on its own: `npm run scale:sim` (SCALE_SIM_PORT, default 4001;
 * SCALE_SIM_PROTOCOL ascii-continuous or toledo-continuous; SCALE_SIM_HOST, default 127.0.0.1). Commands on
 * standard input steer it (`help` lists them).
 */
const HELP = `commands:
  w <kg>        put a stable weight on the platform
  m <kg> [n]    drive on: n frames (default 20) in motion, then stable at <kg>
  u / s         unstable / stable
  o / n / r     overload / underload / back in range
  net [tare]    net mode with a tare / gross   gross mode
  drop          drop every connection
  stall / go    stop / resume sending frames
  garbage <n>   send n pseudo-random bytes
  rate <ms>     frame interval
  q             quit`;

const protocolInput = process.env.SCALE_SIM_PROTOCOL ?? 'ascii-continuous';
if (!SCALE_PROTOCOLS.includes(protocolInput as NetworkScaleProtocol) || protocolInput === 'manual') {
  console.error(`SCALE_SIM_PROTOCOL must be ascii-continuous or toledo-continuous, not ${protocolInput}`);
  process.exit(1);
}
const simulator = await startScaleSimulator({
  port: Number(process.env.SCALE_SIM_PORT ?? 4001),
  host: process.env.SCALE_SIM_HOST ?? '127.0.0.1',
  protocol: protocolInput as NetworkScaleProtocol,
});
const { control } = simulator;
console.log(`Scale simulator (${simulator.protocol}) listening on ${simulator.host}:${simulator.port}`);
console.log(HELP);

const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  const [command = '', first, second] = line.trim().split(/\s+/);
  const number = Number(first);
  switch (command) {
    case 'w':
      control.setWeight(number);
      break;
    case 'm':
      control.driveOn(number, second ? Number(second) : 20);
      break;
    case 'u':
    case 's':
      control.setStable(command === 's');
      break;
    case 'o':
      control.setRange('overload');
      break;
    case 'n':
      control.setRange('underload');
      break;
    case 'r':
      control.setRange('normal');
      break;
    case 'net':
      control.setMode('net', first ? number : 0);
      break;
    case 'gross':
      control.setMode('gross');
      break;
    case 'drop':
      control.dropConnections();
      break;
    case 'stall':
      control.stall();
      break;
    case 'go':
      control.resume();
      break;
    case 'garbage':
      await control.sendGarbage(number);
      break;
    case 'rate':
      control.setFrameInterval(number);
      break;
    case 'q':
      await simulator.close();
      process.exit(0);
      break;
    case '':
      break;
    default:
      console.log(HELP);
  }
});
const stop = () => simulator.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
