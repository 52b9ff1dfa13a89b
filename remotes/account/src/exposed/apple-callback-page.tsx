import type { RoutePageProps } from '@atrium/federation';
import { ThirdPartyCallback } from '../third-party/third-party-callback';

export default function AppleCallbackPage(_props: RoutePageProps) {
  return <ThirdPartyCallback provider="APPLE" />;
}
