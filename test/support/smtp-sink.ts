import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { pollUntil } from './poll.js';

export interface ReceivedMail {
  to: string[];
  /** The message as sent, with quoted-printable soft breaks and `=3D` undone. */
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives, and refuses mail for the addresses
 * in `refuses` for good (550), as a mailbox that does not exist.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** Each message as its bytes came (latin1), for a MIME parser. */
  readonly messages: string[] = [];
  private server?: SMTPServer;
  port = 0;

  constructor(private readonly options: { refuses?: string[] } = {}) {}

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.options.refuses?.includes(address.address)) return callback();
        callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      },
      onData: (stream, session, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.messages.push(Buffer.concat(chunks).toString('latin1'));
          const raw = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          this.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          done();
        });
      },
    });
    // A client that vanishes mid-session (a worker killed with SIGKILL) is no failure of ours.
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Everything sent to one address. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }

  /** The raw messages sent to one address, once there are `count` of them. */
  rawTo(address: string, count: number): Promise<string[]> {
    const raw = async () => this.to(address).map((mail) => mail.raw);
    return pollUntil(raw, (found) => found.length >= count, 30_000, 50);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
