/** The browser's time zone: Temporal's where the browser has it, else Intl's; asked once. */
describe('browserTimeZone', () => {
  const global = globalThis as { Temporal?: unknown };
  const saved = global.Temporal;
  let dateTimeFormat: jest.SpiedFunction<typeof Intl.DateTimeFormat>;
  beforeEach(() => {
    dateTimeFormat = jest.spyOn(Intl, 'DateTimeFormat');
  });
  afterEach(() => {
    global.Temporal = saved;
    dateTimeFormat.mockRestore();
  });

  /** Intl's DateTimeFormat names this zone. */
  const intlSays = (timeZone: string) =>
    dateTimeFormat.mockImplementation(
      () =>
        ({
          resolvedOptions: () => ({ timeZone }) as Intl.ResolvedDateTimeFormatOptions,
        }) as unknown as Intl.DateTimeFormat,
    );

  /** A fresh module: the zone is kept for the page's life. */
  const load = () => {
    let module!: typeof import('../../../src/lib/timeZone');
    jest.isolateModules(() => {
      module = jest.requireActual('../../../src/lib/timeZone');
    });
    return module.browserTimeZone;
  };

  it("takes Temporal's zone without making a DateTimeFormat", () => {
    const timeZoneId = jest.fn(() => 'America/Chicago');
    global.Temporal = { Now: { timeZoneId } };
    const browserTimeZone = load();
    expect(browserTimeZone()).toBe('America/Chicago');
    expect(browserTimeZone()).toBe('America/Chicago');
    expect(timeZoneId).toHaveBeenCalledTimes(1);
    expect(dateTimeFormat).not.toHaveBeenCalled();
  });

  it("takes Intl's zone in a browser without Temporal", () => {
    delete global.Temporal;
    intlSays('Pacific/Auckland');
    expect(load()()).toBe('Pacific/Auckland');
  });

  it("takes Intl's zone when Temporal cannot say", () => {
    global.Temporal = {
      Now: {
        timeZoneId: () => {
          throw new RangeError('no zone');
        },
      },
    };
    intlSays('Europe/Berlin');
    expect(load()()).toBe('Europe/Berlin');
  });

  it('is undefined when the browser names no zone', () => {
    delete global.Temporal;
    intlSays('');
    expect(load()()).toBeUndefined();
  });
});
