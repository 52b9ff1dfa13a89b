import { Navigate } from '@atrium/navigation';
import { $resumeStep } from '@atrium/stores';
import { useStore } from '@nanostores/react';

/** /resume: back to the furthest step the stored booking allows (services, schedule or confirm). */
export function ResumeRedirect() {
  const step = useStore($resumeStep);
  return <Navigate to={`../${step}`} replace />;
}
