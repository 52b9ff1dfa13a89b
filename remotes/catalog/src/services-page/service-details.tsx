import { durationLabel, formatCents, minPrice } from '@atrium/domain';
import type { MarketplaceProcedure } from '@atrium/graphql-client';
import { Box, Flex, Heading, List, SafeImage, Stack, Text } from '@atrium/ui';
import { AddOnOption } from './add-on-option';

interface ServiceDetailsProps {
  procedure: MarketplaceProcedure;
  addOnIds: string[];
  onAddOnsChange: (addOnIds: string[]) => void;
}

/** The service dialog's body: picture, price and duration, description, ingredients and add-ons. */
export function ServiceDetails({ procedure, addOnIds, onAddOnsChange }: ServiceDetailsProps) {
  const featured = new Set(procedure.addOnsFeatured.map((a) => a.id));
  const toggleAddOn = (id: string, checked: boolean) =>
    onAddOnsChange(checked ? [...addOnIds.filter((a) => a !== id), id] : addOnIds.filter((a) => a !== id));

  return (
    <Stack gap="5">
      {/* The whole picture, never cropped or stretched, in a band of fixed height. */}
      <SafeImage
        src={procedure.thumbnail}
        alt=""
        h="48"
        w="full"
        objectFit="contain"
        bg="bg.subtle"
        borderRadius="md"
      />
      <Stack gap="1">
        {procedure.tagline && <Text color="fg.muted">{procedure.tagline}</Text>}
        <Flex gap="3" align="baseline" wrap="wrap">
          <Text fontSize="xl" fontWeight="semibold">
            {formatCents(minPrice(procedure.price) ?? 0)}
          </Text>
          {durationLabel(procedure.duration) && (
            <Text color="fg.muted">{durationLabel(procedure.duration)}</Text>
          )}
        </Flex>
      </Stack>
      {procedure.description && <Text>{procedure.description}</Text>}
      {procedure.ingredients.length > 0 && (
        <Box as="section" aria-label="Ingredients">
          <Heading as="h3" size="md" mb="2">
            Ingredients
          </Heading>
          <List.Root ps="5">
            {procedure.ingredients.map((ingredient) => (
              <List.Item key={ingredient}>{ingredient}</List.Item>
            ))}
          </List.Root>
        </Box>
      )}
      <AddOnSection
        title="Recommended Add-ons"
        addOns={procedure.addOns.filter((a) => featured.has(a.id))}
        chosenIds={addOnIds}
        onToggle={toggleAddOn}
      />
      <AddOnSection
        title="All Add-ons"
        addOns={procedure.addOns.filter((a) => !featured.has(a.id))}
        chosenIds={addOnIds}
        onToggle={toggleAddOn}
      />
    </Stack>
  );
}

function AddOnSection({
  title,
  addOns,
  chosenIds,
  onToggle,
}: {
  title: string;
  addOns: MarketplaceProcedure['addOns'];
  chosenIds: string[];
  onToggle: (id: string, checked: boolean) => void;
}) {
  if (addOns.length === 0) return null;
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h3" size="md" mb="1">
        {title}
      </Heading>
      <Box as="ul" listStyleType="none">
        {addOns.map((addOn) => (
          <AddOnOption
            key={addOn.id}
            addOn={addOn}
            checked={chosenIds.includes(addOn.id)}
            onCheckedChange={(checked) => onToggle(addOn.id, checked)}
          />
        ))}
      </Box>
    </Box>
  );
}
