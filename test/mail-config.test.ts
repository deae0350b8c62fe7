// test-runner: no database
/** SMTP_URL and MAIL_FROM (src/mail/mail.config.ts): parsed once, checked, and PUBLIC_URL required with them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { ConfigError } from '../src/lib/env-values.js';

const BASE = { PUBLIC_URL: 'https://tidings.example.com', MAIL_FROM: 'Tidings <tidings@example.com>' };

describe('mail config', () => {
  it('sends no mail without SMTP_URL', () => {
    assert.equal(loadConfig({}).mail, null);
    assert.equal(loadConfig({ MAIL_FROM: 'a@example.com' }).mail, null);
  });

  it('takes smtp: and smtps: URLs and a sender, frozen', () => {
    for (const url of ['smtp://user:pass@smtp.example.com:587', 'smtps://user:pass@smtp.example.com:465']) {
      const { mail } = loadConfig({ ...BASE, SMTP_URL: url });
      assert.deepEqual(mail, { smtpUrl: url, from: 'Tidings <tidings@example.com>' });
      assert.ok(Object.isFrozen(mail));
    }
    assert.equal(
      loadConfig({ ...BASE, SMTP_URL: 'smtp://h:25', MAIL_FROM: 'tidings@example.com' }).mail?.from,
      'tidings@example.com',
    );
  });

  it('refuses another scheme, a missing or malformed sender, and no PUBLIC_URL, naming the variable', () => {
    const refused = (env: Record<string, string>, pattern: RegExp) =>
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && pattern.test(err.message),
      );
    refused({ ...BASE, SMTP_URL: 'http://smtp.example.com' }, /SMTP_URL must use smtp: or smtps:/);
    refused({ ...BASE, SMTP_URL: 'not a url' }, /SMTP_URL is not a valid URL/);
    refused({ PUBLIC_URL: BASE.PUBLIC_URL, SMTP_URL: 'smtp://h:25' }, /MAIL_FROM is required with SMTP_URL/);
    refused(
      { ...BASE, SMTP_URL: 'smtp://h:25', MAIL_FROM: 'a@b.example, c@d.example' },
      /MAIL_FROM must be one address/,
    );
    refused({ ...BASE, SMTP_URL: 'smtp://h:25', MAIL_FROM: 'nobody' }, /MAIL_FROM must be one address/);
    refused({ MAIL_FROM: BASE.MAIL_FROM, SMTP_URL: 'smtp://h:25' }, /PUBLIC_URL is required with SMTP_URL/);
  });
});
