import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../../test/harness.js';
import { mailOutbox } from '../../db/schema/index.js';
import { backoffSeconds, MAX_ATTEMPTS, sendDueMail, startMailWorker } from './sender.js';
import { enqueueMail } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(mailOutbox);
});

async function outbox() {
  return t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
}

async function queue(subject = 'Powiadomienie', to = ['anna@example.com']) {
  await enqueueMail(t.db, { to, subject, body: `Treść: ${subject}` });
  const rows = await outbox();
  return rows[rows.length - 1]!;
}

/** Seconds from the database's now() to the row's next attempt. */
async function secondsUntilNextAttempt(id: number): Promise<number> {
  const result = await t.db.execute(
    sql`select extract(epoch from (next_attempt_at - now()))::float8 as s from mail_outbox where id = ${id}`,
  );
  return Number((result as unknown as { rows: { s: number }[] }).rows[0]!.s);
}

async function makeDue(id: number) {
  await t.db.execute(sql`update mail_outbox set next_attempt_at = now() where id = ${id}`);
}

const failing = async () => {
  throw new Error('connection refused by test');
};

describe('enqueueMail', () => {
  it('queues one PENDING row with the recipients lower-cased, trimmed and without duplicates', async () => {
    await enqueueMail(t.db, {
      to: [' Anna@Example.com', 'anna@example.com', 'BOB@example.com', ''],
      subject: 'Temat',
      body: 'Treść',
    });
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipients: ['anna@example.com', 'bob@example.com'],
      subject: 'Temat',
      body: 'Treść',
      status: 'PENDING',
      attempts: 0,
    });
  });

  it('queues nothing when there is nobody to write to', async () => {
    await enqueueMail(t.db, { to: ['', '  '], subject: 'Temat', body: 'Treść' });
    expect(await outbox()).toEqual([]);
  });
});

describe('the mail worker without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail and marks the row SENT', async () => {
    const config = testConfig();
    expect(config.smtpUrl).toBeNull();
    const mail = await queue('Kod resetowania hasła', ['anna@example.com', 'bob@example.com']);
    const worker = startMailWorker(t.db, config, t.app.log, 0);
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();

    const file = join(config.dataDir, 'mail', `${String(mail.id).padStart(6, '0')}.eml`);
    expect(existsSync(file)).toBe(true);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toContain(`From: ${config.mailFrom}`);
    expect(eml).toContain('To: anna@example.com, bob@example.com');
    // A real MIME message: the Polish subject encoded, the charset declared.
    expect(eml).toContain('Subject: =?UTF-8?Q?Kod_resetowania_has=C5=82a?=');
    expect(eml).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(eml).toMatch(/^Date: /m);

    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('delivers the reset code a user asked for', async () => {
    const config = testConfig();
    await t.userWithRole('USER', 'eml-reset@example.com');
    await t.call({
      method: 'POST',
      url: '/api/auth/reset-password-request',
      payload: { email: 'eml-reset@example.com' },
    });
    const [queued] = await outbox();
    const code = /kod do zmiany hasła: (\S+)/.exec(queued!.body)![1]!;

    const worker = startMailWorker(t.db, config, t.app.log, 0);
    await worker.runOnce();
    await worker.stop();
    const [file] = readdirSync(join(config.dataDir, 'mail'));
    expect(readFileSync(join(config.dataDir, 'mail', file!), 'utf8')).toContain(code);
  });

  it('sends nothing that is not yet due', async () => {
    const mail = await queue();
    await t.db.execute(sql`update mail_outbox set next_attempt_at = now() + interval '1 hour' where id = ${mail.id}`);
    const worker = startMailWorker(t.db, testConfig(), t.app.log, 0);
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    expect((await outbox())[0]!.status).toBe('PENDING');
  });

  it('sends SENT rows only once', async () => {
    await queue();
    const worker = startMailWorker(t.db, testConfig(), t.app.log, 0);
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
  });
});

describe('sendDueMail with a failing delivery', () => {
  it('keeps the row PENDING with the attempt counted, the error kept and the next attempt pushed back', async () => {
    const mail = await queue();
    expect(await sendDueMail(t.db, failing, t.app.log)).toBe(1);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'connection refused by test' });
    expect(row!.sentAt).toBeNull();
    expect(await secondsUntilNextAttempt(mail.id)).toBeGreaterThan(backoffSeconds(1) - 2);
    expect(await secondsUntilNextAttempt(mail.id)).toBeLessThanOrEqual(backoffSeconds(1));
  });

  it('waits longer after each failure', async () => {
    const mail = await queue();
    await sendDueMail(t.db, failing, t.app.log);
    await makeDue(mail.id);
    await sendDueMail(t.db, failing, t.app.log);
    const [row] = await outbox();
    expect(row!.attempts).toBe(2);
    expect(await secondsUntilNextAttempt(mail.id)).toBeGreaterThan(backoffSeconds(2) - 2);
  });

  it('does not retry before the next attempt is due, and delivers once it is', async () => {
    const mail = await queue();
    await sendDueMail(t.db, failing, t.app.log);
    const delivered: number[] = [];
    const deliver = async (m: { id: number }) => {
      delivered.push(m.id);
    };
    expect(await sendDueMail(t.db, deliver, t.app.log)).toBe(0);
    await makeDue(mail.id);
    expect(await sendDueMail(t.db, deliver, t.app.log)).toBe(1);
    expect(delivered).toEqual([mail.id]);
    expect((await outbox())[0]).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
  });

  it(`gives up as FAILED after ${MAX_ATTEMPTS} attempts`, async () => {
    const mail = await queue();
    await t.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, mail.id));
    await sendDueMail(t.db, failing, t.app.log);
    expect((await outbox())[0]).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS });
    await makeDue(mail.id);
    expect(await sendDueMail(t.db, failing, t.app.log)).toBe(0);
  });

  it('goes on with the other messages when one fails', async () => {
    const bad = await queue('bad');
    await queue('good');
    const deliver = async (m: { id: number }) => {
      if (m.id === bad.id) throw new Error('bad recipient');
    };
    expect(await sendDueMail(t.db, deliver, t.app.log)).toBe(2);
    expect((await outbox()).map((row) => row.status)).toEqual(['PENDING', 'SENT']);
  });

  it('leases a claimed message so that a second pass does not take it while it is being sent', async () => {
    await queue();
    let inner = -1;
    const deliver = async () => {
      inner = await sendDueMail(t.db, failing, t.app.log);
    };
    await sendDueMail(t.db, deliver, t.app.log);
    expect(inner).toBe(0);
    expect((await outbox())[0]!.status).toBe('SENT');
  });

  it('sends each message once when two workers run at the same time', async () => {
    for (let i = 0; i < 6; i++) await queue(`m${i}`);
    const delivered: number[] = [];
    const deliver = async (m: { id: number }) => {
      delivered.push(m.id);
    };
    const counts = await Promise.all([sendDueMail(t.db, deliver, t.app.log), sendDueMail(t.db, deliver, t.app.log)]);
    expect(counts[0]! + counts[1]!).toBe(6);
    expect(new Set(delivered).size).toBe(6);
    expect(delivered).toHaveLength(6);
  });
});

describe('backoffSeconds', () => {
  it('doubles from 10 seconds and stops at one hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(0)).toBe(10);
    expect(backoffSeconds(9)).toBe(2560);
    expect(backoffSeconds(10)).toBe(3600);
    expect(backoffSeconds(50)).toBe(3600);
  });
});

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP server: 220, EHLO/HELO 250, MAIL/RCPT 250, DATA 354, "." 250, QUIT 221. */
function smtpSink() {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let current: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
        } else {
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
          else if (verb === 'MAIL') {
            current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
            socket.write('250 2.1.0 ok\r\n');
          } else if (verb === 'RCPT') {
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            socket.write('250 2.1.5 ok\r\n');
          } else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (verb === 'QUIT') {
            socket.end('221 2.0.0 bye\r\n');
          } else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
          else socket.write('502 5.5.1 not implemented\r\n');
        }
        end = buffer.indexOf('\r\n');
      }
    });
  });
  return {
    received,
    listen: (port = 0) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the mail worker with SMTP_URL', () => {
  it('delivers through SMTP and marks the row SENT', async () => {
    const sink = smtpSink();
    const port = await sink.listen();
    try {
      const config = testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` });
      await queue('Nowa umowa zakupu', ['anna@example.com', 'bob@example.com']);
      const worker = startMailWorker(t.db, config, t.app.log, 0);
      expect(await worker.runOnce()).toBe(1);
      await worker.stop();

      expect(sink.received).toHaveLength(1);
      const [message] = sink.received;
      expect(message!.from).toBe('no-reply@localhost');
      expect(message!.to).toEqual(['anna@example.com', 'bob@example.com']);
      expect(message!.data).toContain('Subject: Nowa umowa zakupu');
      // "Treść" in quoted-printable.
      expect(message!.data).toContain('Tre=C5=9B=C4=87: Nowa umowa zakupu');
      expect((await outbox())[0]).toMatchObject({ status: 'SENT', attempts: 1 });
      expect(existsSync(join(config.dataDir, 'mail'))).toBe(false);
    } finally {
      await sink.close();
    }
  });

  it('keeps the mail PENDING while the server is down and sends it once it is back', async () => {
    const sink = smtpSink();
    const port = await sink.listen();
    await sink.close();

    const config = testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const mail = await queue('Po awarii');
    const worker = startMailWorker(t.db, config, t.app.log, 0);
    try {
      expect(await worker.runOnce()).toBe(1);
      const [failed] = await outbox();
      expect(failed).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(await secondsUntilNextAttempt(mail.id)).toBeGreaterThan(backoffSeconds(1) - 2);
      expect(sink.received).toHaveLength(0);

      const back = smtpSink();
      await back.listen(port);
      try {
        await makeDue(mail.id);
        expect(await worker.runOnce()).toBe(1);
        expect(back.received).toHaveLength(1);
        expect(back.received[0]!.data).toContain('Subject: Po awarii');
        expect((await outbox())[0]).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
      } finally {
        await back.close();
      }
    } finally {
      await worker.stop();
    }
  });
});

describe('startMailWorker', () => {
  it('runs one pass at a time: overlapping runOnce calls share it', async () => {
    await queue();
    const worker = startMailWorker(t.db, testConfig(), t.app.log, 0);
    const [first, second] = await Promise.all([worker.runOnce(), worker.runOnce()]);
    await worker.stop();
    expect(first).toBe(1);
    expect(second).toBe(1);
    expect((await outbox())[0]!.attempts).toBe(1);
  });

  it('sends on its own every intervalMs until stopped', async () => {
    const worker = startMailWorker(t.db, testConfig(), t.app.log, 20);
    try {
      await queue();
      await expect.poll(async () => (await outbox())[0]!.status, { timeout: 5000, interval: 25 }).toBe('SENT');
    } finally {
      await worker.stop();
    }
    await queue('after stop');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await outbox()).map((row) => row.status)).toEqual(['SENT', 'PENDING']);
  });
});
