import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { sendmailProvider } from './sendmail';

describe('email: the sendmail provider', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'email-sendmail-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A sendmail program that keeps its arguments and the message it is given. */
  function fakeSendmail(): string {
    const program = path.join(dir, 'sendmail');
    fs.writeFileSync(program, `#!/bin/sh\necho "$@" > ${JSON.stringify(path.join(dir, 'args'))}\ncat > ${JSON.stringify(path.join(dir, 'message'))}\n`, { mode: 0o755 });
    return program;
  }

  it("hands the message to the program providerOptions.path names, with the envelope's sender and recipients and the settings' defaults", async () => {
    const provider = await sendmailProvider.init({ path: fakeSendmail() }, { defaultFrom: 'site@example.com', defaultReplyTo: 'help@example.com' });
    await provider.send({ to: 'ada@example.com', bcc: 'hidden@example.com', subject: 'Hello', text: 'Hello Ada' });
    expect(fs.readFileSync(path.join(dir, 'args'), 'utf8').trim()).to.equal('-i -f site@example.com ada@example.com hidden@example.com');
    const message = fs.readFileSync(path.join(dir, 'message'), 'utf8');
    const headers = Object.fromEntries(
      message
        .split('\n\n')[0]
        ?.split('\n')
        .map((line) => line.split(': '))
        .filter(([name]) => ['From', 'To', 'Reply-To', 'Subject', 'Bcc'].includes(name ?? ''))
        .map(([name, value]) => [name, value]) ?? [],
    );
    // the Bcc line goes to sendmail, which removes it before delivery (nodemailer's sendmail transport relies on that)
    expect(headers).to.deep.equal({ From: 'site@example.com', To: 'ada@example.com', Bcc: 'hidden@example.com', 'Reply-To': 'help@example.com', Subject: 'Hello' });
    expect(message).to.include('Hello Ada');
  });

  it('fails the send when the program fails', async () => {
    const program = path.join(dir, 'failing');
    fs.writeFileSync(program, '#!/bin/sh\ncat > /dev/null\nexit 75\n', { mode: 0o755 });
    const provider = await sendmailProvider.init({ path: program }, {});
    let error: unknown;
    await Promise.resolve(provider.send({ to: 'ada@example.com', from: 'site@example.com', subject: 'x', text: 'x' })).catch((caught: unknown) => (error = caught));
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.match(/exited with code 75/);
  });
});
