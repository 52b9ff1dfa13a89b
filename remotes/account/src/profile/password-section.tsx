import type { ProfileViewer } from '@atrium/graphql-client/account';
import { Button, Card, Flex, Heading, Text } from '@atrium/ui';
import { useState } from 'react';
import { PASSWORD_DIALOG_TITLES, PasswordDialog, type PasswordDialogMode } from './password-dialog';

/**
 * The Profile tab's Password section: 'Set a password' for a client who signs in without one (by
 * emailed code, Google or Apple), 'Change password' for one who has one. 'Sign in with a password'
 * is offered to everyone, so everyone can have one here.
 */
export function PasswordSection({
  viewer,
  marketplaceId,
  mgId,
}: {
  viewer: Pick<ProfileViewer, 'hasPassword' | 'profile'>;
  marketplaceId: string;
  mgId: string;
}) {
  const mode: PasswordDialogMode = viewer.hasPassword ? 'change' : 'set';
  // The dialog keeps the title it opened with while it closes, though the password is set by then.
  const [open, setOpen] = useState(false);
  const [openedAs, setOpenedAs] = useState<PasswordDialogMode>(mode);
  return (
    <Card.Root as="section" aria-labelledby="password-heading">
      <Card.Body gap="2">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id="password-heading">
            Password
          </Heading>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setOpenedAs(mode);
              setOpen(true);
            }}
          >
            {PASSWORD_DIALOG_TITLES[mode]}
          </Button>
        </Flex>
        <Text color="fg.muted">
          {viewer.hasPassword
            ? 'You sign in with your email and password, or with a code we email you.'
            : 'You have no password yet. Set one to sign in with your email and password; a code we email you works too.'}
        </Text>
      </Card.Body>
      <PasswordDialog
        mode={openedAs}
        open={open}
        onClose={() => setOpen(false)}
        email={viewer.profile.email}
        marketplaceId={marketplaceId}
        mgId={mgId}
      />
    </Card.Root>
  );
}
