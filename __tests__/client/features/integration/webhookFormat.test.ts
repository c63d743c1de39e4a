import moment from 'moment';
import {
  DELIVERY_POLL_MS,
  DELIVERY_SLOW_POLL_MS,
  deliveryPollInterval,
  eventLabel,
  webhookUrlProblem,
} from '../../../../src/features/integration/webhookFormat';
import {
  formatInstant,
  recoveredSentence,
  resumedSentence,
} from '../../../../src/features/integration/recoveryFormat';
import { recoveryWindow, timesOutside } from '../../../../src/features/integration/recoveryWindow';
import { disabledSentence } from '../../../../src/features/integration/disabledWebhooks';
import { testWebhook } from './webhookFixtures';

describe('deliveryPollInterval', () => {
  const now = Date.parse('2026-03-01T15:00:00Z');
  const inSeconds = (s: number) => new Date(now + s * 1000).toISOString();

  it('polls quickly while a delivery is pending or a retry is due within a minute', () => {
    expect(deliveryPollInterval([{ status: 'pending', nextAttemptAt: null }], now)).toBe(
      DELIVERY_POLL_MS,
    );
    expect(deliveryPollInterval([{ status: 'retrying', nextAttemptAt: inSeconds(45) }], now)).toBe(
      DELIVERY_POLL_MS,
    );
    expect(deliveryPollInterval([{ status: 'retrying', nextAttemptAt: inSeconds(-5) }], now)).toBe(
      DELIVERY_POLL_MS,
    );
  });

  it('polls slowly for retries further off, and not at all once every delivery ended', () => {
    const later = { status: 'retrying' as const, nextAttemptAt: inSeconds(3600) };
    expect(deliveryPollInterval([later], now)).toBe(DELIVERY_SLOW_POLL_MS);
    expect(deliveryPollInterval([later, { status: 'pending', nextAttemptAt: null }], now)).toBe(
      DELIVERY_POLL_MS,
    );
    expect(
      deliveryPollInterval(
        [
          { status: 'delivered', nextAttemptAt: null },
          { status: 'failed', nextAttemptAt: null },
        ],
        now,
      ),
    ).toBe(0);
    expect(deliveryPollInterval([], now)).toBe(0);
  });
});

describe('webhookUrlProblem', () => {
  it('takes absolute http and https addresses only', () => {
    expect(webhookUrlProblem('https://example.com/hook')).toBeNull();
    expect(webhookUrlProblem(' http://example.com:8080/a?b=c ')).toBeNull();
    expect(webhookUrlProblem('ftp://example.com')).toBe('Use an http:// or https:// address');
    expect(webhookUrlProblem('javascript:alert(1)')).toBe('Use an http:// or https:// address');
    expect(webhookUrlProblem('example.com/hook')).toMatch(/^Enter the full address/);
  });
});

it('labels an event in words with its name', () => {
  expect(eventLabel('result.created')).toBe('Result added (result.created)');
  expect(eventLabel('profile.created')).toBe('Athlete profile added (profile.created)');
});

it('says why a subscription was disabled, without a doubled full stop or a missing reason', () => {
  const url = 'https://example.com/hook';
  expect(disabledSentence(testWebhook({ url, disabledReason: 'Receiver gone.' }))).toBe(
    `Webhook ${url} was disabled after repeated failures: Receiver gone. Fix the receiver, then resume it.`,
  );
  expect(disabledSentence(testWebhook({ url, disabledReason: null }))).toBe(
    `Webhook ${url} was disabled after repeated failures. Fix the receiver, then resume it.`,
  );
});

it('formats an instant as the tables do (moment’s lll), without moment', () => {
  for (const at of [
    '2026-11-26T09:42:00Z',
    '2026-03-01T00:05:00Z',
    '2026-07-04T12:00:00Z',
    '2026-12-31T23:59:59Z',
  ]) {
    expect(formatInstant(at)).toBe(moment(at).format('lll'));
  }
});

describe('what a resume or a recovery sent again', () => {
  const url = 'https://example.com/hook';
  const since = '2026-11-26T09:42:00Z';
  // The coach's time zone, whichever the test runs in.
  const at = moment(since).format('lll');

  it('counts the missed events since when, or says nothing of them when there were none', () => {
    expect(resumedSentence(url, { recovered: 12, recoveredSince: since })).toBe(
      `Resumed ${url}; 12 missed events since ${at} are being sent again.`,
    );
    expect(resumedSentence(url, { recovered: 1, recoveredSince: since })).toBe(
      `Resumed ${url}; 1 missed event since ${at} is being sent again.`,
    );
    expect(resumedSentence(url, { recovered: 1200, recoveredSince: since })).toMatch(
      /; 1,200 missed events since/,
    );
    // A paused one: nothing recovered, no instant.
    expect(resumedSentence(url, { recovered: 0, recoveredSince: null })).toBe(`Resumed ${url}.`);
    expect(resumedSentence(url, { recovered: 0, recoveredSince: since })).toBe(`Resumed ${url}.`);
  });

  it('says a paused or disabled subscription gets them when resumed', () => {
    const recovery = { recovered: 3, since };
    expect(recoveredSentence({ url, status: 'active' }, recovery)).toBe(
      `3 missed events since ${at} are being sent again to ${url}.`,
    );
    expect(recoveredSentence({ url, status: 'paused' }, recovery)).toBe(
      `3 missed events since ${at} will be sent to ${url} when you resume it.`,
    );
    expect(recoveredSentence({ url, status: 'disabled' }, { recovered: 1, since })).toBe(
      `1 missed event since ${at} will be sent to ${url} when you resume it.`,
    );
    expect(recoveredSentence({ url, status: 'active' }, { recovered: 0, since })).toBe(
      `Nothing to send again: ${url} has no missed events since ${at}.`,
    );
  });
});

describe('the window a recovery may start in', () => {
  const now = moment(new Date(2026, 5, 10, 14, 30, 5));
  const kept = recoveryWindow(now);

  it('runs from the first whole minute within 30 days to now', () => {
    expect(kept.oldest.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-05-11 14:31:00');
    expect(kept.newest.valueOf()).toBe(now.valueOf());
    expect(now.format('HH:mm:ss')).toBe('14:30:05');
  });

  it('disables the hours and minutes outside it on its first and last days only', () => {
    const outside = timesOutside(kept);
    const first = outside(moment(new Date(2026, 4, 11)));
    expect(first.disabledHours()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(first.disabledMinutes(14)).toHaveLength(31);
    expect(first.disabledMinutes(14).at(-1)).toBe(30);
    expect(first.disabledMinutes(15)).toEqual([]);

    const last = outside(moment(new Date(2026, 5, 10)));
    expect(last.disabledHours()).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(last.disabledMinutes(14)[0]).toBe(31);
    expect(last.disabledMinutes(13)).toEqual([]);

    const between = outside(moment(new Date(2026, 4, 20)));
    expect(between.disabledHours()).toEqual([]);
    expect(between.disabledMinutes(0)).toEqual([]);
    expect(outside(null).disabledHours()).toEqual([]);
  });
});
