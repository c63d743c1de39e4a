/** The browser's time zone: Intl's, asked once per page load. */
describe('browserTimeZone', () => {
  let dateTimeFormat: jest.SpiedFunction<typeof Intl.DateTimeFormat>;
  beforeEach(() => {
    dateTimeFormat = jest.spyOn(Intl, 'DateTimeFormat');
  });
  afterEach(() => dateTimeFormat.mockRestore());

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

  it("takes Intl's zone, and asks once", () => {
    intlSays('Pacific/Auckland');
    const browserTimeZone = load();
    expect(browserTimeZone()).toBe('Pacific/Auckland');
    expect(browserTimeZone()).toBe('Pacific/Auckland');
    expect(dateTimeFormat).toHaveBeenCalledTimes(1);
  });

  it('is undefined when the browser names no zone', () => {
    intlSays('');
    expect(load()()).toBeUndefined();
  });
});
