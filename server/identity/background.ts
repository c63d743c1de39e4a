import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has gone (looking an address up, sending its mail), so that
 * the answer takes the same time whether or not an account exists. A failure is logged,
 * never thrown at a request that is already answered; `drain` waits for what is still
 * running, so that closing the server does not cut a mail off halfway.
 *
 * @example
 * background.run('password reset mail', () => sendResetMail(email));
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  return {
    run(what: string, task: () => Promise<void>): void {
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
