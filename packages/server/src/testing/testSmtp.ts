/**
 * Test helper: a real SMTP server (`smtp-server`) on a random port of 127.0.0.1 that keeps what
 * arrives, parsed (`mailparser`), so a test reads the notification e-mails as a mailbox would. No
 * STARTTLS, no authentication. `failFirst` refuses that many messages first (a 451 after DATA),
 * `failAll` refuses every one.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A running test SMTP server. */
export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for `SMTP_URL`. */
  url: string;
  /** The messages accepted so far, in order. */
  received: ParsedMail[];
  /** How many messages were refused. */
  refused(): number;
  close(): Promise<void>;
}

/** Starts a test SMTP server. */
export async function startTestSmtp(
  options: { failFirst?: number; failAll?: boolean } = {},
): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.failAll || refused < (options.failFirst ?? 0)) {
          refused += 1;
          const error = Object.assign(new Error('try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
