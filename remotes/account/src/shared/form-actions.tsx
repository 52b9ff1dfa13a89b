import { Button, Flex, Text } from '@atrium/ui';

interface FormActionsProps {
  /** The form's own error (not a field's), shown above the actions. */
  error: string | null;
  /** The submit button's text, and its text while the form is being sent. */
  submit: string;
  pendingText: string;
  pending: boolean;
  onCancel: () => void;
}

/** The end of an account form: its error, then Cancel and the action (stacked on a phone, the action on top). */
export function FormActions({ error, submit, pendingText, pending, onCancel }: FormActionsProps) {
  return (
    <>
      {error && (
        <Text role="alert" color="fg.error">
          {error}
        </Text>
      )}
      <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} loadingText={pendingText}>
          {submit}
        </Button>
      </Flex>
    </>
  );
}
