import path from 'node:path';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has defaults that run on a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      logLevel: 'info',
      demoData: true,
      defaultAthleteSpots: 50,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://splitline.example.com/',
      DATA_DIR: '/var/lib/splitline',
      DATABASE_URL: 'postgres://u@db/splitline',
      LOG_LEVEL: 'debug',
      DEMO_DATA: 'off',
      DEFAULT_ATHLETE_SPOTS: '120',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://splitline.example.com',
      dataDir: '/var/lib/splitline',
      databaseUrl: 'postgres://u@db/splitline',
      logLevel: 'debug',
      demoData: false,
      defaultAthleteSpots: 120,
    });
  });

  it.each([
    ['true', true],
    ['FALSE', false],
    ['1', true],
    ['0', false],
    ['on', true],
    ['off', false],
  ])('reads DEMO_DATA=%s as %s', (text, expected) => {
    expect(loadConfig({ DEMO_DATA: text }).demoData).toBe(expected);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('names every bad variable, its value and what it expects', () => {
    const load = () =>
      loadConfig({
        PORT: 'eighty',
        DEMO_DATA: 'maybe',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'example.com',
        DEFAULT_ATHLETE_SPOTS: '-1',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      [
        'Invalid configuration:',
        '  PORT="eighty": expected a port number from 0 to 65535',
        '  PUBLIC_URL="example.com": expected an http(s) URL such as https://splitline.example.com',
        '  LOG_LEVEL="loud": expected one of fatal, error, warn, info, debug, trace, silent',
        '  DEMO_DATA="maybe": expected true or false (also 1/0, on/off, yes/no)',
        '  DEFAULT_ATHLETE_SPOTS="-1": expected a whole number, 0 or more',
      ].join('\n'),
    );
  });

  it("takes the demo account's time zone, America/Chicago unless set, and refuses an unknown one", () => {
    expect(loadConfig({}).demoTimeZone).toBe('America/Chicago');
    expect(loadConfig({ DEMO_TIME_ZONE: 'Pacific/Auckland' }).demoTimeZone).toBe(
      'Pacific/Auckland',
    );
    expect(() => loadConfig({ DEMO_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'DEMO_TIME_ZONE="Mars/Olympus": expected an IANA time zone, such as America/Chicago or Europe/Berlin',
    );
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      'PORT="70000": expected a port number from 0 to 65535',
    );
  });
  it('has identity defaults: embedded provider, mail to the outbox', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Splitline <no-reply@splitline.local>',
      auth0Domain: undefined,
      auth0ClientId: undefined,
      auth0Audience: undefined,
      auth0ManagementClientId: undefined,
      auth0ManagementClientSecret: undefined,
      auth0Connection: 'Username-Password-Authentication',
      accessTokenTtl: 600,
      mailRequestLimits: { signupPerIp: 20 },
    });
  });

  it('reads how many sign-ups one network may ask for in an hour', () => {
    expect(loadConfig({ SIGN_UPS_PER_NETWORK: '200' }).mailRequestLimits).toEqual({
      signupPerIp: 200,
    });
    expect(() => loadConfig({ SIGN_UPS_PER_NETWORK: '0' })).toThrow('SIGN_UPS_PER_NETWORK="0"');
  });

  it("reads the access tokens' lifetime in seconds, 10 to 86400", () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: '20' }).accessTokenTtl).toBe(20);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '5' })).toThrow(
      'ACCESS_TOKEN_TTL="5": expected seconds from 10 to 86400',
    );
  });

  it('reads the identity variables', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Coach <coach@example.com>',
      AUTH0_DOMAIN: 'splitline.eu.auth0.com',
      AUTH0_CLIENT_ID: 'spa-client',
      AUTH0_AUDIENCE: 'https://api.splitline.app',
      AUTH0_MANAGEMENT_CLIENT_ID: 'mgmt',
      AUTH0_MANAGEMENT_CLIENT_SECRET: 's3cret',
      AUTH0_CONNECTION: 'Coaches',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      mailFrom: 'Coach <coach@example.com>',
      auth0Domain: 'splitline.eu.auth0.com',
      auth0ClientId: 'spa-client',
      auth0Audience: 'https://api.splitline.app',
      auth0ManagementClientId: 'mgmt',
      auth0ManagementClientSecret: 's3cret',
      auth0Connection: 'Coaches',
    });
  });

  it('wants AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_AUDIENCE together or not at all', () => {
    expect(() => loadConfig({ AUTH0_DOMAIN: 'splitline.eu.auth0.com' })).toThrow(
      'AUTH0_DOMAIN, AUTH0_CLIENT_ID, AUTH0_AUDIENCE go together: set all three (sign-in at Auth0) ' +
        'or none (the embedded identity provider); missing AUTH0_CLIENT_ID, AUTH0_AUDIENCE',
    );
    expect(() => loadConfig({ AUTH0_MANAGEMENT_CLIENT_SECRET: 's' })).toThrow(
      'missing AUTH0_MANAGEMENT_CLIENT_ID',
    );
  });

  it('refuses a mail URL that is not SMTP', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow('SMTP_URL="http://mail"');
    // No host, or a port that is not a number: nodemailer could not read them.
    for (const url of ['smtp://', 'smtp://user:pass@', 'smtp://mail.example.com:abc']) {
      expect(() => loadConfig({ SMTP_URL: url })).toThrow(`SMTP_URL="${url}"`);
    }
    for (const url of [
      'smtps://user:p%40ss@mail.example.com:465',
      'smtp://localhost:1025/?pool=true',
      'smtp://[::1]:25',
    ]) {
      expect(loadConfig({ SMTP_URL: url }).smtpUrl).toBe(url);
    }
  });

  it('reads the Store packages, cheapest first, and refuses a bad list with its reason', () => {
    expect(loadConfig({})).toMatchObject({
      storeCurrency: 'USD',
      storePackages: [
        { id: 'spots-25', spots: 25, priceCents: 4900 },
        { id: 'spots-100', spots: 100, priceCents: 17900 },
        { id: 'spots-500', spots: 500, priceCents: 79900 },
      ],
    });
    expect(
      loadConfig({ STORE_PACKAGES: ' 100 = 150, 10=9.5 ', STORE_CURRENCY: 'EUR' }),
    ).toMatchObject({
      storeCurrency: 'EUR',
      storePackages: [
        { id: 'spots-10', spots: 10, priceCents: 950 },
        { id: 'spots-100', spots: 100, priceCents: 15000 },
      ],
    });
    expect(() => loadConfig({ STORE_PACKAGES: '25:49' })).toThrow(
      /STORE_PACKAGES="25:49": expected spots=price pairs/,
    );
    expect(() => loadConfig({ STORE_PACKAGES: '25=1,25=2' })).toThrow(
      /STORE_PACKAGES="25=1,25=2": expected each spot count appears once/,
    );
    expect(() => loadConfig({ STORE_PACKAGES: '0=1' })).toThrow(
      /each package has 1 to 100000 spots/,
    );
    expect(() => loadConfig({ STORE_CURRENCY: 'usd' })).toThrow('STORE_CURRENCY="usd"');
  });

  it('takes payments through Stripe only with both secrets, and never prints them', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def' }).stripe,
    ).toEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_def', api: undefined });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'rk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_def',
        STRIPE_API_BASE: 'http://127.0.0.1:12111/',
      }).stripe?.api,
    ).toEqual({ protocol: 'http', host: '127.0.0.1', port: 12111 });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_def',
        STRIPE_API_BASE: 'https://stripe-proxy.internal',
      }).stripe?.api,
    ).toEqual({ protocol: 'https', host: 'stripe-proxy.internal', port: 443 });

    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET go together: set both (payments through Stripe) ' +
        'or neither (orders confirmed by an administrator); missing STRIPE_WEBHOOK_SECRET',
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_def' })).toThrow(
      'missing STRIPE_SECRET_KEY',
    );
    expect(() => loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toThrow(
      'STRIPE_API_BASE is only used with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_def',
        STRIPE_API_BASE: 'http://127.0.0.1:12111/v1',
      }),
    ).toThrow(/STRIPE_API_BASE="http:\/\/127.0.0.1:12111\/v1": expected an http\(s\) origin/);
    // A publishable key pasted by mistake: named, but the value is not printed.
    let message = '';
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'pk_live_secretish', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('STRIPE_SECRET_KEY=(hidden): expected a Stripe secret key');
    expect(message).not.toContain('pk_live_secretish');
  });

  it('reads the webhook secret keys (base64 or hex, previous ones comma-separated) and never prints them', () => {
    const base64 = Buffer.alloc(32, 1).toString('base64');
    const hex = Buffer.alloc(32, 2).toString('hex');
    expect(loadConfig({})).toMatchObject({
      webhookSecretKey: undefined,
      webhookSecretKeysPrevious: [],
    });
    expect(
      loadConfig({ WEBHOOK_SECRET_KEY: hex, WEBHOOK_SECRET_KEY_PREVIOUS: ` ${base64} , ${hex}` }),
    ).toMatchObject({ webhookSecretKey: hex, webhookSecretKeysPrevious: [base64, hex] });
    for (const [name, value] of [
      ['WEBHOOK_SECRET_KEY', 'too-short-secret'],
      ['WEBHOOK_SECRET_KEY', hex.slice(2)],
      ['WEBHOOK_SECRET_KEY_PREVIOUS', `${base64},nope`],
    ] as const) {
      let message = '';
      try {
        loadConfig({ [name]: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain(`${name}=(hidden): expected`);
      expect(message).not.toContain(value);
    }
  });
});
