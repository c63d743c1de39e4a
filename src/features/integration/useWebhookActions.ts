import { useState } from 'react';
import { App } from 'antd';
import { describeFailure } from '../../components/serverErrors';
import {
  useDeleteWebhookMutation,
  usePauseWebhookMutation,
  useResumeWebhookMutation,
  useSendTestEventMutation,
  type Webhook,
} from './webhookApi';
import { resumedSentence } from './recoveryFormat';

type Action = 'pause' | 'resume' | 'test' | 'delete';

/**
 * The one-click actions on a subscription, each saying how it went in a message (the
 * server's own words when it refuses), for the table and the disabled banner alike.
 *
 * @example
 * const actions = useWebhookActions();
 * <Button loading={actions.busy('resume', hook)} onClick={() => void actions.resume(hook)}>Resume</Button>
 */
export function useWebhookActions() {
  const { message } = App.useApp();
  const [pauseWebhook] = usePauseWebhookMutation();
  const [resumeWebhook] = useResumeWebhookMutation();
  const [sendTestEvent] = useSendTestEventMutation();
  const [deleteWebhook] = useDeleteWebhookMutation();
  const [running, setRunning] = useState<string | null>(null);

  async function run<T>(
    action: Action,
    webhook: Webhook,
    work: () => Promise<T>,
    done: string | ((answer: T) => string),
  ) {
    setRunning(`${action} ${webhook.id}`);
    try {
      const answer = await work();
      void message.success(typeof done === 'string' ? done : done(answer));
    } catch (error) {
      void message.error(describeFailure(error));
    } finally {
      setRunning(null);
    }
  }

  return {
    busy: (action: Action, webhook: Webhook) => running === `${action} ${webhook.id}`,
    pause: (webhook: Webhook) =>
      run('pause', webhook, () => pauseWebhook(webhook.id).unwrap(), `Paused ${webhook.url}.`),
    resume: (webhook: Webhook) =>
      run(
        'resume',
        webhook,
        () => resumeWebhook(webhook.id).unwrap(),
        (resumed) => resumedSentence(webhook.url, resumed),
      ),
    sendTest: (webhook: Webhook) =>
      run(
        'test',
        webhook,
        () => sendTestEvent(webhook.id).unwrap(),
        `Test event queued for ${webhook.url}: see its deliveries.`,
      ),
    remove: (webhook: Webhook) =>
      run('delete', webhook, () => deleteWebhook(webhook.id).unwrap(), `Deleted ${webhook.url}.`),
  };
}
