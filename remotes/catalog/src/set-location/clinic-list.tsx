import { formatUsPhone } from '@atrium/domain';
import { Box, Button, Card, HStack, PhoneIcon, PinIcon, SimpleGrid, Stack, Text } from '@atrium/ui';
import { Field, Input } from '@atrium/ui/forms';
import { useState } from 'react';
import { type ClinicSummary, filterClinics, showsClinicSearch } from './clinic-filter';

interface ClinicListProps {
  clinics: readonly ClinicSummary[];
  selectedId: string | null;
  onSelect: (clinic: ClinicSummary) => void;
}

/** In Clinic: the marketplace's clinics, with a search box when there are many. */
export function ClinicList({ clinics, selectedId, onSelect }: ClinicListProps) {
  const [search, setSearch] = useState('');
  const shown = filterClinics(clinics, search);
  return (
    <Stack gap="4">
      {showsClinicSearch(clinics) && (
        <Field.Root>
          <Field.Label>Search clinics</Field.Label>
          <Input
            type="search"
            placeholder="City, street or clinic name"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field.Root>
      )}
      {shown.length === 0 ? (
        <Card.Root variant="subtle">
          <Card.Body>
            <Text fontWeight="semibold">No locations found</Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="3" aria-label="Clinics">
          {shown.map((clinic) => (
            <Box as="li" key={clinic.id}>
              <Card.Root h="full" borderColor={clinic.id === selectedId ? 'brand.solid' : undefined}>
                <Card.Body gap="2">
                  <Text fontWeight="semibold">{clinic.name}</Text>
                  <HStack color="fg.muted" fontSize="sm" align="start">
                    <PinIcon boxSize="4" mt="0.5" />
                    <Text>{clinic.address}</Text>
                  </HStack>
                  <HStack color="fg.muted" fontSize="sm">
                    <PhoneIcon boxSize="4" />
                    <Text>{formatUsPhone(clinic.phone)}</Text>
                  </HStack>
                </Card.Body>
                <Card.Footer>
                  {/* The name starts with the visible word (WCAG 2.5.3) and says which clinic. */}
                  <Button
                    w="full"
                    onClick={() => onSelect(clinic)}
                    aria-label={`${clinic.id === selectedId ? 'Selected' : 'Choose'} ${clinic.name}`}
                  >
                    {clinic.id === selectedId ? 'Selected' : 'Choose'}
                  </Button>
                </Card.Footer>
              </Card.Root>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
