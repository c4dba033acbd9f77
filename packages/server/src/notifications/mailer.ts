/**
 * The notification e-mails' outbox: nodemailer over `SMTP_URL`, in this process, outside the
 * request. {@link MailQueue.enqueue} returns at once; the message is sent in the background and a
 * failed attempt is logged and tried again after each of `retryDelaysMs` (1 s, 4 s, 16 s), then
 * given up (logged as an error). Nothing waits for it and no failure reaches the change that caused
 * the e-mail. A message still waiting when the server closes is dropped (the notification itself is
 * in the database and in the app).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** What the queue logs (Fastify's logger fits). */
export interface MailLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** One e-mail to send. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`). */
  headers: Record<string, string>;
}

/** Options of {@link MailQueue}. */
export interface MailQueueOptions {
  /** nodemailer's connection URL (`SMTP_URL`). */
  smtpUrl: string;
  /** The sender (`MAIL_FROM`). */
  from: string;
  log: MailLog;
  /** The waits before the second, third, … attempt, ms (default {@link MAIL_RETRY_DELAYS_MS}). */
  retryDelaysMs?: readonly number[];
}

/** The waits before each retry of a failed send, ms: 3 retries, 1 s, 4 s and 16 s after a failure. */
export const MAIL_RETRY_DELAYS_MS = [1000, 4000, 16000] as const;

/** How long one SMTP attempt may take, ms (connection, greeting and socket each). */
const SMTP_TIMEOUT_MS = 10_000;

/** The background sender of notification e-mails. */
export class MailQueue {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;
  private readonly delays: readonly number[];
  private readonly timers = new Set<NodeJS.Timeout>();
  private pending = 0;
  private waiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: MailQueueOptions) {
    this.delays = options.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS;
    this.transport = nodemailer.createTransport(options.smtpUrl, {
      from: options.from,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    } as SMTPTransport.Options);
  }

  /** Sends `mail` in the background (never throws, never waits). */
  enqueue(mail: OutgoingMail): void {
    if (this.closed) return;
    this.pending += 1;
    void this.attempt(mail, 0);
  }

  /** Resolves once nothing is being sent or waiting for a retry (tests, shutdown). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Drops what waits for a retry and closes the SMTP connections. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.pending -= this.timers.size;
    this.timers.clear();
    this.transport.close();
    this.settle();
  }

  private async attempt(mail: OutgoingMail, tried: number): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.options.from, ...mail });
      this.done();
    } catch (error) {
      const delay = this.delays[tried];
      if (delay === undefined || this.closed) {
        this.options.log.error(
          { err: error, attempts: tried + 1 },
          'notification e-mail not sent: giving up',
        );
        this.done();
        return;
      }
      this.options.log.warn(
        { err: error, attempt: tried + 1, retry_in_ms: delay },
        'notification e-mail not sent: trying again',
      );
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.attempt(mail, tried + 1);
      }, delay);
      timer.unref();
      this.timers.add(timer);
    }
  }

  private done(): void {
    this.pending -= 1;
    this.settle();
  }

  private settle(): void {
    if (this.pending > 0) return;
    this.pending = 0;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
