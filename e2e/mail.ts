/**
 * Mail for browser journeys: a real local SMTP server (the API tests' own, apps/api/.../smtp-test-server.ts)
 * that the e2e server sends to (`SMTP_URL`), and the links of its mails made followable by the browser.
 */
import { startSmtp, type ReceivedMail } from '../apps/api/src/modules/mail/smtp-test-server';

export type { ReceivedMail };
export type Mailbox = Awaited<ReturnType<typeof startSmtp>>;

/** Start a mailbox; give the server `{ SMTP_URL: box.url }`. */
export const startMailbox = (): Promise<Mailbox> => startSmtp();

/** The n-th mail (1-based) that reached `to` (case-insensitive) and has a link to `page`, waiting for it. */
export async function nthMailTo(box: Mailbox, to: string, page: LinkPage, n = 1, ms = 30_000): Promise<ReceivedMail> {
  const mine = () => box.received.filter((m) => m.to.some((r) => r.toLowerCase() === to.toLowerCase()) && linkPattern(page).test(m.text));
  await box.waitForMatch(() => mine().length >= n, ms);
  return mine()[n - 1]!;
}

export type LinkPage = '/verify-email' | '/reset-password';

const linkPattern = (page: LinkPage) => new RegExp(`(https?://[^\\s<>"]+${page}\\?[^\\s<>"]+)`);

/** The link to `page` in the mail's text part, as the server wrote it. */
export function linkIn(mail: ReceivedMail, page: LinkPage): URL {
  const m = linkPattern(page).exec(mail.text);
  if (!m) throw new Error(`no ${page} link in the mail "${mail.subject}"`);
  return new URL(m[1]!);
}

/**
 * The same link on the server the browser uses (path and query kept, origin replaced): without PUBLIC_URL
 * the server writes http://localhost:PORT, and the browser's session (localStorage) belongs to the origin
 * it signed in on, http://127.0.0.1:PORT.
 */
export function followable(link: URL, serverUrl: string): string {
  return serverUrl + link.pathname + link.search;
}
