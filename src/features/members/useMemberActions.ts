import { useState } from 'react';
import { App } from 'antd';
import { describeFailure } from '../../components/serverErrors';
import { useHandOverOwnershipMutation, useRemoveMemberMutation, type Member } from './memberApi';
import { memberName } from './memberFormat';

/**
 * Removing a member and handing the workspace over, each after a confirmation. What the
 * server refuses (409: the workspace keeps at least one owner; 404: gone meanwhile) stays
 * in `problem`, in the server's words, until the next action or until it is dismissed.
 *
 * @example
 * const { remove, handOver, problem, dismiss } = useMemberActions();
 * <Button onClick={() => remove(member)}>Remove</Button>
 */
export function useMemberActions() {
  const { modal, message } = App.useApp();
  const [removeMember] = useRemoveMemberMutation();
  const [handOverOwnership] = useHandOverOwnershipMutation();
  const [problem, setProblem] = useState<string | null>(null);

  /** Runs a confirmed change; a refusal closes the dialog and shows above the table. */
  const attempt = async (change: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await change();
      void message.success(done);
    } catch (error) {
      setProblem(describeFailure(error));
    }
  };

  function remove(member: Member) {
    const name = memberName(member);
    modal.confirm({
      title: `Remove ${name} from the workspace?`,
      content:
        'They lose access at their next click, on every device. What they entered stays. You can invite them again later.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: () => attempt(() => removeMember(member.userId).unwrap(), `${name} was removed.`),
    });
  }

  function handOver(member: Member) {
    const name = memberName(member);
    modal.confirm({
      title: `Hand the workspace over to ${name}?`,
      content: `${name} becomes an owner, and you become a coach: you will no longer manage members, the Store, API keys or webhooks.`,
      okText: 'Hand over',
      onOk: () =>
        attempt(() => handOverOwnership(member.userId).unwrap(), `${name} is now an owner.`),
    });
  }

  return { remove, handOver, problem, dismiss: () => setProblem(null) };
}
