import { Modal } from 'antd';

interface SignOutWarningProps {
  /** Results of this user in this account still waiting on this device. */
  waiting: number;
  onSignOut: () => void;
  onStay: () => void;
}

/**
 * Asked before signing out while results saved offline are not sent yet (issue 35). The
 * rows are never dropped: they stay on this device, for this user in this account, and
 * are sent at their next sign-in here (docs/offline.md).
 */
export default function SignOutWarning({ waiting, onSignOut, onStay }: SignOutWarningProps) {
  return (
    <Modal
      open
      title={`${waiting} result${waiting === 1 ? ' is' : 's are'} not sent yet`}
      okText="Sign out anyway"
      cancelText="Stay signed in"
      onOk={onSignOut}
      onCancel={onStay}
    >
      They stay on this device and are sent when you sign in here again. Nobody else who signs in on
      this browser sees or sends them. Stay signed in, online, to send them now.
    </Modal>
  );
}
