import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

/** A real SMTP server on a free port that keeps what it receives, for tests that read mail. */
export interface Mailbox {
  url: string;
  /** The next mail to this address (one already received, or the next to arrive). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ParsedMail[] = [];
  const waiters: { to: string; deliver: (m: ParsedMail) => void }[] = [];
  const recipient = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
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
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} arrived`)), timeoutMs);
        waiters.push({
          to,
          deliver: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
