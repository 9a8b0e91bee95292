/**
 * A local SMTP server for tests (no network): collects every message it accepts, decoded enough to
 * assert on (headers, subject, text part). Can be started on a chosen port later, to play a mail server
 * that was down for the first attempts.
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

/** Polls `fn` until it returns a truthy value (or throws after `ms`). */
export async function until<T>(fn: () => Promise<T> | T, ms = 10_000): Promise<NonNullable<T>> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A port nobody listens on (yet). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_m, _cs, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split(/\r\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return out;
}

function decodeBody(body: string, encoding = ''): string {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function parse(raw: string): Omit<ReceivedMail, 'from' | 'to'> {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  let text = '';
  let html = '';
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw.slice(0)];
  for (const part of parts) {
    const p = part.replace(/^\r\n/, '');
    const i = p.indexOf('\r\n\r\n');
    const h = parseHeaders(p.slice(0, i));
    const content = decodeBody(p.slice(i + 4), h['content-transfer-encoding']);
    if ((h['content-type'] ?? '').startsWith('text/plain')) text = content;
    if ((h['content-type'] ?? '').startsWith('text/html')) html = content;
  }
  return { raw, headers, subject: headers.subject ?? '', text, html };
}

export async function startSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parse(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as net.AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    /** Resolves once `n` mails have arrived (or rejects after `ms`). */
    async waitFor(n: number, ms = 10_000) {
      const start = Date.now();
      while (received.length < n) {
        if (Date.now() - start > ms) throw new Error(`expected ${n} mails, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    /** Resolves with the first mail matching `pred` (waiting for it up to `ms`). */
    async waitForMatch(pred: (m: ReceivedMail) => boolean, ms = 10_000) {
      const start = Date.now();
      for (;;) {
        const found = received.find(pred);
        if (found) return found;
        if (Date.now() - start > ms) throw new Error(`no matching mail among ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
