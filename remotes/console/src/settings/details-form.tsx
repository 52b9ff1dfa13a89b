import { brandContrast, brandContrastWarning, formatPhone, marketplaceDetailsRules } from '@atrium/domain';
import type { StaffSettings } from '@atrium/graphql-client/staff-settings';
import { Alert, Box, brandPalette, Heading, HStack, Stack, Text } from '@atrium/ui';
import { focusFirstInvalid, useForm } from '@atrium/ui/forms';
import type { FormEvent } from 'react';
import { ImageField } from '../shared/image-field';
import { FormActions, isDirty, TextField, useSettingsSave } from './form-kit';
import { useReportDirty } from './unsaved-changes';

interface DetailsValues {
  name: string;
  phone: string;
  logo: string | null;
  favicon: string | null;
  primaryColor: string;
}

const detailsValues = ({ details }: StaffSettings): DetailsValues => ({
  name: details.name,
  phone: details.phone ? formatPhone(details.phone) : '',
  logo: details.logo ?? null,
  favicon: details.favicon ?? null,
  primaryColor: details.primaryColor.toUpperCase(),
});

const HEX = /^#[0-9A-Fa-f]{6}$/;

/** A button in the colour and in its hover shade, as clients see them, with the contrast warning. */
export function BrandPreview({ color }: { color: string }) {
  if (!HEX.test(color)) return null;
  const palette = brandPalette(color);
  const { hover } = brandContrast(color);
  const warning = brandContrastWarning(color);
  return (
    <Stack gap="3" aria-label="Button preview" role="group">
      <Text fontWeight="medium">Preview</Text>
      <HStack gap="4" flexWrap="wrap">
        {[
          { label: 'Book now', note: 'Button', bg: palette.solid, fg: palette.contrast },
          {
            label: 'Book now',
            note: `On hover (${hover.toUpperCase()})`,
            bg: palette.hover,
            fg: palette.hoverContrast,
          },
        ].map((sample) => (
          <Stack key={sample.note} gap="1" align="start">
            <Box
              bg={sample.bg}
              color={sample.fg}
              px="5"
              py="2"
              borderRadius="md"
              fontWeight="semibold"
              aria-hidden
            >
              {sample.label}
            </Box>
            <Text fontSize="sm" color="fg.muted">
              {sample.note}
            </Text>
          </Stack>
        ))}
      </HStack>
      {warning && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{warning}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** The marketplace's name, phone, logo, favicon and primary colour. */
export function DetailsForm({ marketplaceId, settings }: { marketplaceId: string; settings: StaffSettings }) {
  const initial = detailsValues(settings);
  const form = useForm<DetailsValues, unknown>(marketplaceDetailsRules, initial);
  const { save, pending } = useSettingsSave('updateDetails', 'Details and branding saved.');
  const dirty = isDirty(form.values, initial);
  useReportDirty('details', dirty);
  const { values, errors, setValue } = form;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return focusFirstInvalid(event.currentTarget);
    save(
      { marketplaceId, input: input as Parameters<typeof save>[0]['input'] },
      {
        onSaved: (saved) => form.setValues(detailsValues(saved)),
        onRefused: (message) => form.setError(null, message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-details-heading">
      <Stack gap="5" maxW="2xl">
        <Heading as="h3" size="md" id="settings-details-heading">
          Details & branding
        </Heading>
        <TextField
          label="Marketplace name"
          required
          value={values.name}
          onValue={(v) => setValue('name', v)}
          error={errors.name}
        />
        <TextField
          label="Phone"
          type="tel"
          value={values.phone}
          onValue={(v) => setValue('phone', v)}
          error={errors.phone}
          helper="Clients call it about at-home visits."
        />
        <ImageField
          marketplaceId={marketplaceId}
          label="Logo"
          purpose="logo"
          value={values.logo}
          onChange={(url) => setValue('logo', url)}
        />
        {errors.logo && <Text color="fg.error">{errors.logo}</Text>}
        <ImageField
          marketplaceId={marketplaceId}
          label="Favicon"
          purpose="favicon"
          value={values.favicon}
          onChange={(url) => setValue('favicon', url)}
        />
        {errors.favicon && <Text color="fg.error">{errors.favicon}</Text>}
        <HStack gap="3" align="end">
          <TextField
            label="Primary colour"
            required
            value={values.primaryColor}
            onValue={(v) => setValue('primaryColor', v)}
            error={errors.primaryColor}
            helper="#RRGGBB, e.g. #0E7490."
            maxLength={7}
          />
          <Box as="label" display="flex" flexDirection="column" gap="1" fontSize="sm">
            Pick
            <input
              type="color"
              aria-label="Pick the primary colour"
              value={HEX.test(values.primaryColor) ? values.primaryColor.toLowerCase() : '#000000'}
              onChange={(event) => setValue('primaryColor', event.target.value.toUpperCase())}
              style={{ width: '3rem', height: '2.5rem' }}
            />
          </Box>
        </HStack>
        <BrandPreview color={values.primaryColor} />
        <FormActions
          dirty={dirty}
          pending={pending}
          formError={form.formError}
          onDiscard={() => form.setValues(initial)}
        />
      </Stack>
    </form>
  );
}
