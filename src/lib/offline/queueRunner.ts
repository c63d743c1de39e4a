import { entryQueue, onQueueChange } from './entryQueue';
import { flushQueue, nextDueAt, type PostBatch } from './flushQueue';
import { postEvents } from './postEvents';

interface RunnerOptions {
  post?: PostBatch;
  /** The workspace the rows were entered in: they are sent there, whatever this tab shows. */
  workspaceId?: string;
  /** After a flush stored rows: the app refreshes its tables and boards. */
  onSent?: (count: number) => void;
}

/**
 * Sends the owner's queue for as long as the tab lives (until `stop`): at once, after
 * every change of the queue, when the browser says it is online again (the waits are
 * reset: the network is back, there is no reason to sit out a backoff), and when the next
 * waiting row is due. Tabs take turns through a Web Lock where the browser has them.
 *
 * @example
 * const stop = startQueueRunner(owner.key, { onSent: () => refetchBoards() });
 */
export function startQueueRunner(
  owner: string,
  { workspaceId, post = (items) => postEvents(items, workspaceId), onSent }: RunnerOptions = {},
) {
  const queue = entryQueue(owner);
  let stopped = false;
  let running = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flushOnce = async () => {
    const outcome = await flushQueue(queue, post);
    if (outcome.sent > 0) onSent?.(outcome.sent);
  };

  async function run(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    try {
      do {
        again = false;
        if (typeof navigator !== 'undefined' && navigator.locks)
          await navigator.locks.request(`splitline-queue-${owner}`, flushOnce);
        else await flushOnce();
      } while (again && !stopped);
      const due = nextDueAt(await queue.list());
      if (due !== null && !stopped)
        timer = setTimeout(() => void run(), Math.max(0, due - Date.now()) + 50);
    } catch {
      // IndexedDB unavailable or closed: the next change or online event tries again.
    } finally {
      running = false;
    }
  }

  const online = () => {
    void queue
      .list()
      .then((rows) =>
        queue.update(
          rows
            .filter((row) => row.state === 'waiting')
            .map((row) => ({ clientId: row.clientId, nextAttemptAt: Date.now() })),
        ),
      )
      .then(run);
  };
  const stopListening = onQueueChange(() => void run());
  window.addEventListener('online', online);
  void run();

  return function stop() {
    stopped = true;
    clearTimeout(timer);
    stopListening();
    window.removeEventListener('online', online);
  };
}
