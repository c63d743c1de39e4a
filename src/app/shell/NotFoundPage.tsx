import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { homePath } from '../../lib/paths';

/** Any path the route table does not know. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle="Sorry, the page you are looking for does not exist."
      extra={
        <Button type="primary" onClick={() => navigate(homePath)}>
          Go Home
        </Button>
      }
    />
  );
}
