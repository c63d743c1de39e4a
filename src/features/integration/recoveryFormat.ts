import type { Recovery, ResumedWebhook, Webhook } from './webhookApi';

/*
 * What a resume or a recovery says it sent again. Apart from webhookFormat.ts, and with
 * Intl rather than moment (the app's date library): the shell's banner resumes webhooks,
 * and neither belongs on every page's first load (docs/first-load.md).
 */

/** Made on first use: making a DateTimeFormat loads its locale's data. en-US, as moment's default locale. */
let formats: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;

/**
 * "Nov 26, 2026 10:42 AM": an instant in the coach's time zone, as the page's tables show
 * them (moment's `lll`).
 */
export function formatInstant(at: string): string {
  formats ??= {
    date: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }),
    time: new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }),
  };
  const instant = new Date(at);
  // ICU puts a narrow space before AM/PM; moment a plain one.
  return `${formats.date.format(instant)} ${formats.time.format(instant)}`.replace(/\u202f/g, ' ');
}

/**
 * "12 missed events since Nov 26, 2026 10:42 AM": how many a resume or a recovery queued
 * again, and from when, in the coach's time zone.
 *
 * @example
 * missedEvents(1, '2026-11-26T09:42:00Z'); // '1 missed event since Nov 26, 2026 10:42 AM' (in Paris)
 */
export function missedEvents(count: number, since: string): string {
  const events = count === 1 ? 'event' : 'events';
  return `${count.toLocaleString()} missed ${events} since ${formatInstant(since)}`;
}

const areBeing = (count: number) => (count === 1 ? 'is being' : 'are being');

/**
 * "Resumed <url>." and, when it recovered events (a disabled one: those it missed or
 * that failed since its last successful delivery), how many are on their way again.
 *
 * @example
 * resumedSentence(hook.url, { recovered: 12, recoveredSince: '2026-11-26T09:42:00Z' });
 * // 'Resumed https://…; 12 missed events since Nov 26, 2026 10:42 AM are being sent again.'
 */
export function resumedSentence(
  url: string,
  { recovered, recoveredSince }: Pick<ResumedWebhook, 'recovered' | 'recoveredSince'>,
): string {
  if (recovered === 0 || !recoveredSince) return `Resumed ${url}.`;
  return `Resumed ${url}; ${missedEvents(recovered, recoveredSince)} ${areBeing(recovered)} sent again.`;
}

/**
 * What a recovery did: how many are being sent again, or wait for a resume (a paused or
 * disabled subscription is sent nothing until then), or that there was nothing to send.
 */
export function recoveredSentence(
  { url, status }: Pick<Webhook, 'url' | 'status'>,
  { recovered, since }: Recovery,
): string {
  if (recovered === 0)
    return `Nothing to send again: ${url} has no missed events since ${formatInstant(since)}.`;
  const missed = missedEvents(recovered, since);
  return status === 'active'
    ? `${missed} ${areBeing(recovered)} sent again to ${url}.`
    : `${missed} will be sent to ${url} when you resume it.`;
}
