import type { RoutePageProps } from '@atrium/federation';
import { ThirdPartyCallback } from '../third-party/third-party-callback';

export default function GoogleCallbackPage(_props: RoutePageProps) {
  return <ThirdPartyCallback provider="GOOGLE" />;
}
