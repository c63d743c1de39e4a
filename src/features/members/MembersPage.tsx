import { useId, useState } from 'react';
import { Alert, App, Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { describeFailure } from '../../components/serverErrors';
import { useGetUserQuery } from '../../lib/api/currentUserApi';
import { useListRostersQuery } from '../../lib/api/referenceApi';
import { homePath, paths } from '../../lib/paths';
import { InvitationsTable } from './InvitationsTable';
import { InviteForm } from './InviteForm';
import { MemberAccessModal } from './MemberAccessModal';
import {
  useListInvitationsQuery,
  useListMembersQuery,
  useWithdrawInvitationMutation,
  type Invitation,
  type Member,
} from './memberApi';
import { MembersTable } from './MembersTable';
import { useMemberActions } from './useMemberActions';

const status = (error: unknown) => (error as { status?: unknown } | undefined)?.status;

/** What a member sees whose role changed while the page was open: the server's 403. */
function OwnersOnly({ error }: { error: unknown }) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title="Only the workspace’s owners manage its members"
      subTitle={describeFailure(error)}
      extra={
        <Button type="primary" onClick={() => void navigate(homePath)}>
          Go to the leaderboard
        </Button>
      }
    />
  );
}

/**
 * Members (the owner's): who belongs to the workspace with which role and rosters, and
 * the invitations. docs/workspaces.md ("Screens") says what each action does. The route
 * is gated by its `access` (lib/paths.ts): a coach or viewer sees "You don't have
 * access". A member whose role changed while the page was open (handed the workspace
 * over, demoted by another owner) gets the server's 403, shown in its words.
 */
export default function MembersPage() {
  const { message } = App.useApp();
  const { data: user } = useGetUserQuery();
  const members = useListMembersQuery();
  const invitations = useListInvitationsQuery();
  const { data: rosters } = useListRostersQuery();
  const [withdrawInvitation] = useWithdrawInvitationMutation();
  const actions = useMemberActions();
  const [editing, setEditing] = useState<Member | null>(null);
  const [withdrawProblem, setWithdrawProblem] = useState<string | null>(null);
  const staffHeading = useId();
  const invitationsHeading = useId();
  const selfId = user?.userId;

  async function withdraw(invitation: Invitation) {
    setWithdrawProblem(null);
    try {
      await withdrawInvitation(invitation.id).unwrap();
      void message.success(`The invitation to ${invitation.email} was withdrawn.`);
    } catch (error) {
      setWithdrawProblem(describeFailure(error));
    }
  }

  if (status(members.error) === 403)
    return (
      <PageFrame title={paths.home.members.label}>
        <OwnersOnly error={members.error} />
      </PageFrame>
    );

  return (
    <PageFrame title={paths.home.members.label}>
      <Typography.Paragraph type="secondary">
        The staff who share this workspace. Owners manage everything, members and invitations
        included; coaches work with athletes, rosters, results, profiles and reports; viewers read.
        A coach or viewer can be limited to some rosters.
      </Typography.Paragraph>
      {actions.problem && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: actions.dismiss, 'aria-label': 'Dismiss' }}
          title={actions.problem}
          style={{ marginBottom: 16 }}
        />
      )}
      <section aria-labelledby={staffHeading} style={{ marginBottom: 32 }}>
        <Typography.Title id={staffHeading} level={2} style={{ fontSize: 18 }}>
          {members.data ? `Staff (${members.data.length})` : 'Staff'}
        </Typography.Title>
        {members.isError ? (
          <Alert
            type="error"
            showIcon
            title={`The members could not be loaded. ${describeFailure(members.error)}`}
            action={
              <Button size="small" onClick={() => void members.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <MembersTable
            members={members.data}
            rosters={rosters}
            loading={members.isLoading}
            selfId={selfId}
            actions={{ edit: setEditing, remove: actions.remove, handOver: actions.handOver }}
          />
        )}
      </section>
      <section aria-labelledby={invitationsHeading}>
        <Typography.Title id={invitationsHeading} level={2} style={{ fontSize: 18 }}>
          Invitations
        </Typography.Title>
        <InviteForm />
        {withdrawProblem && (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => setWithdrawProblem(null), 'aria-label': 'Dismiss' }}
            title={withdrawProblem}
            style={{ marginBottom: 16 }}
          />
        )}
        {invitations.isError ? (
          <Alert
            type="error"
            showIcon
            title={`The invitations could not be loaded. ${describeFailure(invitations.error)}`}
            action={
              <Button size="small" onClick={() => void invitations.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <InvitationsTable
            invitations={invitations.data}
            rosters={rosters}
            loading={invitations.isLoading}
            onWithdraw={(invitation) => void withdraw(invitation)}
          />
        )}
      </section>
      {editing && (
        <MemberAccessModal
          member={editing}
          isSelf={editing.userId === selfId}
          onClose={() => setEditing(null)}
        />
      )}
    </PageFrame>
  );
}
