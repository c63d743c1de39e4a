import { Alert, Button, Flex } from 'antd';
import { useResendVerificationMutation } from './verificationApi';

function failureText(error: unknown): string {
  if ((error as { status?: unknown }).status === 429)
    return 'A verification e-mail was sent a moment ago. Please wait a minute before asking for another.';
  return 'The e-mail could not be sent. Please try again in a moment.';
}

/** "Resend verification e-mail", with what came of it. */
export function ResendVerification({ email }: { email: string }) {
  const [resend, { isLoading, isSuccess, error }] = useResendVerificationMutation();
  return (
    <Flex vertical gap={12} style={{ width: '100%' }}>
      {isSuccess && (
        <Alert
          type="success"
          showIcon
          title={`A new verification e-mail is on its way to ${email}.`}
        />
      )}
      {error && <Alert type="warning" showIcon title={failureText(error)} />}
      <Button block loading={isLoading} onClick={() => void resend()}>
        Resend verification e-mail
      </Button>
    </Flex>
  );
}
