import {
  REGISTER_AFTER_LOAD_MS,
  registerServiceWorkerLater,
} from '../../../../src/features/offline/registerLater';

describe('registerServiceWorkerLater', () => {
  const nodeEnv = process.env.NODE_ENV;
  beforeEach(() => {
    jest.useFakeTimers();
    process.env.NODE_ENV = 'production';
  });
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
    jest.useRealTimers();
  });

  it('registers only once the first load is over, not at load', async () => {
    const register = jest.fn(() => Promise.resolve());
    registerServiceWorkerLater(register); // jsdom's document has loaded
    await jest.advanceTimersByTimeAsync(REGISTER_AFTER_LOAD_MS - 1);
    expect(register).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(100);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('never registers in development', async () => {
    process.env.NODE_ENV = 'development';
    const register = jest.fn(() => Promise.resolve());
    registerServiceWorkerLater(register);
    await jest.advanceTimersByTimeAsync(REGISTER_AFTER_LOAD_MS * 2);
    expect(register).not.toHaveBeenCalled();
  });
});
