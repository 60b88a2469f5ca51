import { startFakeKsef } from './server.js';

/**
 * `npm run ksef:fake`: the fake KSeF alone, for the demo and manual tries. Port from KSEF_FAKE_PORT (default
 * 3900); it accepts the KSeF token KSEF_FAKE_TOKEN (default `fake-ksef-token`) for any NIP.
 */
const port = Number(process.env.KSEF_FAKE_PORT ?? 3900);
const token = process.env.KSEF_FAKE_TOKEN ?? 'fake-ksef-token';
const fake = await startFakeKsef({
  port,
  host: process.env.KSEF_FAKE_HOST ?? '127.0.0.1',
  ksefTokens: [{ nip: '*', token }],
});
console.log(`fake KSeF listening at ${fake.url} (KSeF token for any NIP: ${token}; control: ${fake.origin}/__control)`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
