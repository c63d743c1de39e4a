import type { ChangeCounts } from '../plugins/changes';

interface Kept<T> {
  change: number;
  answer: Promise<T>;
}

/**
 * Identical reads of an account answered once. On a testing day every TV board asks for
 * the same leaderboard as soon as a result is stored (issue 32: 50 boards, a batch a
 * second from each of 10 devices); the first read runs, the others wait for it or take
 * its answer. An answer is kept with the account's change count as its read began
 * (ChangeCounts) and served while the count has not moved since: a write that commits
 * after the read began moves the count, so the next read runs again. The most recently
 * used `maxEntries` answers are kept.
 *
 * Only on the embedded database, where this process sees every write; on PostgreSQL
 * other processes write too (docs/leaderboard.md).
 */
export class AnswerCache<T> {
  private readonly kept = new Map<string, Kept<T>>();

  constructor(
    private readonly changes: ChangeCounts,
    private readonly maxEntries = 256,
  ) {}

  /** The answer to `key` for the account: kept, or `read()` now. */
  get(accountId: string, key: string, read: () => Promise<T>): Promise<T> {
    const change = this.changes.of(accountId);
    const at = `${accountId}\n${key}`;
    const kept = this.kept.get(at);
    this.kept.delete(at); // re-inserted last: the most recently used
    if (kept && kept.change === change) {
      this.kept.set(at, kept);
      return kept.answer;
    }
    const answer = read();
    this.kept.set(at, { change, answer });
    if (this.kept.size > this.maxEntries) this.kept.delete(this.kept.keys().next().value!);
    // A failed read is not kept: the next one tries again.
    answer.catch(() => {
      if (this.kept.get(at)?.answer === answer) this.kept.delete(at);
    });
    return answer;
  }

  /** Answers kept now (tests, metrics). */
  get size(): number {
    return this.kept.size;
  }
}
