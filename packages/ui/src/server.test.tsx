// @vitest-environment node
import { Box, Text } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AtriumUiProvider } from './atrium-ui-provider';
import { StyleCacheProvider } from './index';
import { createServerStyles } from './server';

function render() {
  const styles = createServerStyles();
  const html = renderToString(
    <StyleCacheProvider value={styles.cache}>
      <AtriumUiProvider primaryColor="#0EA5E9">
        <Box bg="brand.solid" p="4">
          <Text fontWeight="bold">Myers' Cocktail</Text>
        </Box>
      </AtriumUiProvider>
    </StyleCacheProvider>,
  );
  return { html, tags: styles.styleTags(html) };
}

describe('server-rendered styles', () => {
  it('leave the HTML free of style elements and put the rules it uses in the head', () => {
    const { html, tags } = render();
    expect(html).not.toContain('<style');
    const classes = [...html.matchAll(/class="([^"]+)"/g)].flatMap((match) => match[1]?.split(' ') ?? []);
    expect(classes.length).toBeGreaterThan(0);
    const regular = /<style data-emotion="css ([^"]+)" data-s="">/.exec(tags);
    const ids = regular?.[1]?.split(' ') ?? [];
    for (const className of classes) expect(ids).toContain(className.replace(/^css-/, ''));
  });

  it('give the tenant global CSS (reset, tokens) one element per rule set, as the browser looks for them', () => {
    const { tags } = render();
    const globals = [...tags.matchAll(/<style data-emotion="css-global (\S+)" data-s="">/g)];
    expect(globals.length).toBeGreaterThan(1);
    expect(tags).toContain('--chakra-colors-brand-solid:#0ea5e9');
  });

  it('mark every element as already in place, so the browser does not move (and re-parse) them', () => {
    const { tags } = render();
    const elements = tags.match(/<style /g) ?? [];
    const marked = tags.match(/<style data-emotion="[^"]+" data-s="">/g) ?? [];
    expect(marked.length).toBe(elements.length);
  });
});
