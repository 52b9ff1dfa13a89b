import type { SignInDialogProps } from '@atrium/federation';
import { SignInDialog } from '../sign-in/sign-in-dialog';

export default function SignInDialogModule(props: SignInDialogProps) {
  return <SignInDialog {...props} />;
}
