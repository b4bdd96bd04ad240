import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe('./data');
    expect(c.demoData).toBe(true);
    expect(c.captchaEnabled).toBe(true);
    expect(c.sms.provider).toBe('outbox');
  });

  it('turns demo data off by default on a PostgreSQL server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/test' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/test', DEMO_DATA: '1' }).demoData).toBe(true);
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must be a postgres/],
    ['LOGIN_AES_KEY', 'short', /LOGIN_AES_KEY: must be exactly 16 bytes/],
    ['CAPTCHA_ENABLED', 'maybe', /CAPTCHA_ENABLED/],
    ['SMS_PROVIDER', 'pigeon', /SMS_PROVIDER/],
  ])('refuses a wrong %s and names it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrowError(message);
  });

  it('needs a gateway URL for the HTTP SMS provider', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrowError(/SMS_HTTP_URL: is required/);
    expect(loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.test/send' }).sms.httpUrl).toContain(
      'sms.example',
    );
  });

  it('reads the CA files only together: revocation lists without a trust bundle are an error', () => {
    expect(loadConfig({}).ca).toEqual({ trustFile: undefined, crlFile: undefined });
    expect(() => loadConfig({ CA_CRL_FILE: '/etc/lvb/ca.crl' })).toThrowError(
      /CA_CRL_FILE: is only read with CA_TRUST_FILE/,
    );
    expect(loadConfig({ CA_TRUST_FILE: '/etc/lvb/ca.pem', CA_CRL_FILE: '/etc/lvb/ca.crl' }).ca).toEqual({
      trustFile: '/etc/lvb/ca.pem',
      crlFile: '/etc/lvb/ca.crl',
    });
  });
});
