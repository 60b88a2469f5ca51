// The live-update benchmark's clients (bench/live.ts), in a process of their own so that reading 200 streams does
// not share the event loop of the server being measured. Plain JavaScript: forked without a loader.
// Messages from the parent: {type:'open', url, token, count} → {type:'ready', open};
// {type:'report'} → {type:'arrivals', arrivals: {"kind:id": [epoch ms with fraction, …]}}; {type:'close'}.
import { request } from 'node:http';

const arrivals = new Map();
const requests = [];
const now = () => performance.timeOrigin + performance.now();

function openStream(url, token) {
  return new Promise((resolve, reject) => {
    const call = request(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      agent: false,
    });
    call.on('response', (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffered = '';
      response.on('data', (chunk) => {
        buffered += chunk;
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = /^data: (.*)$/m.exec(message);
          if (data) {
            const event = JSON.parse(data[1]);
            if (event.kind !== undefined && event.id !== undefined) {
              const key = `${event.kind}:${event.id}`;
              if (!arrivals.has(key)) arrivals.set(key, []);
              arrivals.get(key).push(now());
            }
          }
          end = buffered.indexOf('\n\n');
        }
      });
      resolve();
    });
    call.on('error', reject);
    call.end();
    requests.push(call);
  });
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    for (let index = 0; index < message.count; index += 1) await openStream(message.url, message.token);
    process.send({ type: 'ready', open: requests.length });
  } else if (message.type === 'report') {
    process.send({ type: 'arrivals', arrivals: Object.fromEntries(arrivals) });
    arrivals.clear();
  } else if (message.type === 'close') {
    for (const call of requests) call.destroy();
    process.exit(0);
  }
});
