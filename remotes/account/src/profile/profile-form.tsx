import { errorMessage } from '@atrium/graphql-client';
import { type ProfileViewer, useUpdateProfile } from '@atrium/graphql-client/account';
import type { ResolvedPlace } from '@atrium/graphql-client/places';
import { Button, Card, Flex, Heading, PinIcon, Stack } from '@atrium/ui';
import { FormEngine, useFormEngine } from '@atrium/ui/forms';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { LOCATION_AUTOFILLED, PROFILE_UPDATED } from '../shared/messages';
import { notify } from '../shared/notify';
import { AutofillAddressDialog } from './autofill-address-dialog';
import { profileFormGroups, profileFormValues, profileUpdateInput } from './profile-rules';

interface ProfileFormProps {
  viewer: ProfileViewer;
  mgId: string;
  /** After a successful save (the user data is being refetched). */
  onSaved: () => void;
  onCancel: () => void;
  title?: string;
}

/**
 * Edit mode: the profile form (an empty field keeps the existing value; email read-only) with Save
 * and Cancel, and 'Autofill Address'. 'Profile updated successfully' on success,
 * else the server's message or 'There was an issue with updating the profile'.
 */
export function ProfileForm({ viewer, mgId, onSaved, onCancel, title = 'Edit Profile' }: ProfileFormProps) {
  const groups = useMemo(() => profileFormGroups(viewer.profile), [viewer.profile]);
  const form = useFormEngine(groups, profileFormValues(viewer.profile));
  const update = useUpdateProfile();
  const [autofillOpen, setAutofillOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The form replaces the button that opened it (and the focus with it): its first field takes focus.
  useEffect(() => {
    formRef.current
      ?.querySelector<HTMLElement>(
        'input:not([type="hidden"]):not([readonly]):not(:disabled), select, textarea',
      )
      ?.focus();
  }, []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    update.mutate(
      { mgId, userId: viewer.id, input: profileUpdateInput(form.normalized()) },
      {
        onSuccess: () => {
          notify('success', PROFILE_UPDATED);
          onSaved();
        },
        onError: (error) => notify('error', errorMessage(error, 'updateProfile')),
      },
    );
  };

  const autofill = (place: ResolvedPlace) => {
    form.setValue('address', place.address);
    notify('success', LOCATION_AUTOFILLED);
  };

  return (
    <Card.Root as="section" aria-labelledby="profile-form-heading">
      <Card.Body>
        <form ref={formRef} noValidate onSubmit={save} aria-labelledby="profile-form-heading">
          <Stack gap="5">
            <Heading as="h2" size="lg" id="profile-form-heading">
              {title}
            </Heading>
            <FormEngine groups={groups} values={form.values} errors={form.errors} onChange={form.setValue} />
            <Button type="button" variant="outline" alignSelf="start" onClick={() => setAutofillOpen(true)}>
              <PinIcon /> Autofill Address
            </Button>
            <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
              <Button type="button" variant="outline" onClick={onCancel} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending} loadingText="Save">
                Save
              </Button>
            </Flex>
          </Stack>
        </form>
      </Card.Body>
      <AutofillAddressDialog open={autofillOpen} onClose={() => setAutofillOpen(false)} onSelect={autofill} />
    </Card.Root>
  );
}
