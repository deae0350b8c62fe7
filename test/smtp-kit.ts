/**
 * A real SMTP server in the test's process (smtp-server, nodemailer's own), on a free port: it takes
 * every mail (a recipient whose address starts with `refused` is refused, to test a mail that fails)
 * and the tests read what it received: the recipient, the subject, the text, the link in it.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text body, decoded (quoted-printable or base64). */
  text: string;
}

export interface SmtpInbox {
  /** `smtp://tester:secret@127.0.0.1:<port>` (SMTP_URL). */
  url: string;
  mails: ReceivedMail[];
  /** The next mail to `to` not yet taken, waiting up to `ms` for it. */
  take(to: string, ms?: number): Promise<ReceivedMail>;
  /** The mails to `to` received so far (taken or not). */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/** The token at the end of a `…/dashboard/#/join/<token>` link in `text`. */
export function linkTokenIn(text: string): string {
  const match = /\/dashboard\/#\/join\/([A-Za-z0-9]{40})\b/.exec(text);
  if (!match) throw new Error(`no link in the mail:\n${text}`);
  return match[1]!;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

/** The subject and the text of a single-part (or multipart, first text/plain part) message. */
function parse(raw: string): { subject: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head!.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  let body = rest.join('\r\n\r\n');
  let encoding = header('Content-Transfer-Encoding').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary) {
    const part = body.split(`--${boundary}`).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? '';
    const [partHead, ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    encoding = /content-transfer-encoding:\s*(\S+)/i.exec(partHead ?? '')?.[1]?.toLowerCase() ?? '';
    body = partBody.join('\r\n\r\n');
  }
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n').trim() };
}

/** Starts the server (AUTH PLAIN/LOGIN with tester/secret, no TLS) on 127.0.0.1 and a free port. */
export async function startSmtp(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'tester' && auth.password === 'secret') return callback(null, { user: 'tester' });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused')) return callback(new Error('550 No such mailbox here'));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { subject, text } = parse(Buffer.concat(chunks).toString('utf8'));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), subject, text });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://tester:secret@127.0.0.1:${port}`,
    mails,
    to,
    async take(address, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const mail = to(address).find((m) => !taken.has(m));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${address} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
