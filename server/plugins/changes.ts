import fp from 'fastify-plugin';

/**
 * Per-account change counts of this process, for answers kept in memory (the
 * leaderboard's: server/leaderboard/answers.ts). A count moves on every request that may
 * have written the account's data (any method but GET, HEAD and OPTIONS), before its
 * answer leaves, and on every live notice of new results, before it is sent
 * (server/live/plugin.ts); so whoever learns of a write asks after the count moved.
 * Only this process's writes are counted: a cache keyed by it is right only where one
 * process writes (the embedded database).
 */
export class ChangeCounts {
  private readonly counts = new Map<string, number>();

  of(accountId: string): number {
    return this.counts.get(accountId) ?? 0;
  }

  bump(accountId: string): void {
    this.counts.set(accountId, this.of(accountId) + 1);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts' change counts in this process (server/plugins/changes.ts). */
    changes: ChangeCounts;
  }
}

const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(
  async (app) => {
    app.decorate('changes', new ChangeCounts());
    app.addHook('onSend', async (request, _reply, payload) => {
      // `account` is set once authentication passed (null before, and for public routes).
      const account = request.account as typeof request.account | null;
      if (account && !READS.has(request.method)) app.changes.bump(account.id);
      return payload;
    });
  },
  { name: 'changes', dependencies: ['auth'], fastify: '5.x' },
);
