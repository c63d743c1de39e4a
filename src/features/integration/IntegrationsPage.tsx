import { PageFrame } from '../../components/PageFrame';
import { paths } from '../../app/paths';

/** Integrations: API keys, webhooks, CSV and the API reference (integration issue). */
export default function IntegrationsPage() {
  return <PageFrame title={paths.home.integrations.label} />;
}
