import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { enqueueMail } from './outbox.js';
import { freePort, startSmtp, until } from './smtp-test-server.js';
import { defaultBackoff, startMailWorker } from './worker.js';

const quiet = { info() {}, warn() {}, error() {} };
const from = 'Manzil <no-reply@manzil.test>';
const mail = (to: string, subject: string) => ({ to, subject, text: `${subject} body`, html: `<p>${subject}</p>` });

describe.each(DB_KINDS)('mail outbox worker (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());
  const row = (id: number) => t.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('backs off exponentially: 30 s, 2 min, 10 min, … by default', () => {
    expect([1, 2, 3].map(defaultBackoff)).toEqual([30_000, 120_000, 600_000]);
    expect(defaultBackoff(20)).toBeGreaterThanOrEqual(defaultBackoff(7));
  });

  it('still delivers after the mail server was down for the first attempts', async () => {
    const port = await freePort(); // nothing listens here yet: connections are refused
    const id = await enqueueMail(t.db, mail('owner@example.test', 'Down then up'));
    const logged: string[] = [];
    const log = { ...quiet, warn: (m: string) => logged.push(m) };
    const stop = startMailWorker(t.db, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: from }, log, { pollMs: 20, backoffMs: () => 40 });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      // Two attempts made and both failed: `attempts` counts a claim, so while the second is still in flight
      // (status 'sending') the server could come up in time for it.
      const failing = await until(async () => {
        const r = await row(id);
        return r.attempts >= 2 && r.status === 'pending' ? r : null;
      });
      expect(failing.status).not.toBe('sent');
      expect(failing.last_error).toBeTruthy();
      expect(logged.some((m) => m.includes(`mail #${id} `) && m.includes('failed'))).toBe(true);
      smtp = await startSmtp(port);
      const got = await smtp.waitForMatch((m) => m.subject === 'Down then up');
      expect(got.to).toEqual(['owner@example.test']);
      const done = await until(async () => ((await row(id)).status === 'sent' ? row(id) : null));
      expect(done.attempts).toBeGreaterThanOrEqual(3);
      expect(done.sent_at).toBeTruthy();
      expect(smtp.received.filter((m) => m.subject === 'Down then up')).toHaveLength(1);
    } finally {
      await stop();
      await smtp?.close();
    }
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    const port = await freePort();
    const id = await enqueueMail(t.db, mail('x@example.test', 'Never'));
    const stop = startMailWorker(t.db, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: from }, quiet, { pollMs: 20, backoffMs: () => 20, maxAttempts: 3 });
    try {
      const failed = await until(async () => ((await row(id)).status === 'failed' ? row(id) : null));
      expect(failed.attempts).toBe(3);
      await new Promise((r) => setTimeout(r, 150));
      expect((await row(id)).attempts).toBe(3); // no more tries
    } finally {
      await stop();
    }
  });

  it('sends each mail once when several workers share the outbox', async () => {
    const smtp = await startSmtp();
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await enqueueMail(t.db, mail(`r${i}@example.test`, `Batch ${i}`)));
    const config = { SMTP_URL: smtp.url, MAIL_FROM: from };
    const stops = [1, 2, 3].map(() => startMailWorker(t.db, config, quiet, { pollMs: 10, batchSize: 4 }));
    try {
      await smtp.waitFor(30);
      await until(async () => {
        const sent = await t.db.selectFrom('mail_outbox').select('id').where('id', 'in', ids).where('status', '=', 'sent').execute();
        return sent.length === 30;
      });
      await new Promise((r) => setTimeout(r, 100));
      const subjects = smtp.received.map((m) => m.subject).filter((s) => s.startsWith('Batch '));
      expect(new Set(subjects).size).toBe(30);
      expect(subjects).toHaveLength(30);
    } finally {
      await Promise.all(stops.map((s) => s()));
      await smtp.close();
    }
  });
});
