import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

/** A real SMTP server on a free port that keeps what it receives, for tests that read mail. */
export interface Mailbox {
  url: string;
  /** The next mail to this address (one already received, or the next to arrive). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** `rejects`: recipients the server refuses at RCPT TO (550), as a full or misconfigured mailbox would. */
export async function startMailbox(options: { rejects?: (address: string) => boolean } = {}): Promise<Mailbox> {
  const received: ParsedMail[] = [];
  const waiters: { to: string; deliver: (m: ParsedMail) => void }[] = [];
  const recipient = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, done) {
      if (options.rejects?.(address.address.toLowerCase())) {
        const error = new Error(`5.1.1 <${address.address}>: mailbox unavailable`) as Error & { responseCode: number };
        error.responseCode = 550;
        return done(error);
      }
      done();
    },
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        const at = waiters.findIndex((w) => w.to === recipient(mail));
        if (at >= 0) waiters.splice(at, 1)[0].deliver(mail);
        else received.push(mail);
        done();
      }, done);
    },
  });
  // An unhandled "error" event would end the test process.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    next(to, timeoutMs = 10_000) {
      const at = received.findIndex((m) => recipient(m) === to);
      if (at >= 0) return Promise.resolve(received.splice(at, 1)[0]);
      return new Promise((resolve, reject) => {
        const waiter = {
          to,
          deliver: (m: ParsedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        // A waiter that gave up leaves the list: a later mail is kept for the next call, not lost to it.
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no mail to ${to} arrived`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
