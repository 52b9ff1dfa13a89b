import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../forms/field-rules';
import {
  addOnRules,
  CATALOGUE_MESSAGES,
  categoryRules,
  imageAddress,
  offerFormRules,
  serviceRules,
} from './catalogue-rules';

const service = {
  name: ' Myers ',
  tagline: '',
  description: null,
  thumbnail: '/media/m.webp',
  ingredients: ['Zinc', ' zinc', '', 'Magnesium'],
  tags: [],
  offeredAtHome: false,
  categoryId: '3',
  prices: [15000],
  durations: [45],
};

describe('the catalogue rules', () => {
  it('trims names and lists, keeps each entry once and blank text as null', () => {
    expect(serviceRules.parse(service)).toEqual({
      ...service,
      name: 'Myers',
      tagline: null,
      ingredients: ['Zinc', 'Magnesium'],
    });
    expect(categoryRules.parse({ name: 'IV', description: '  ', thumbnail: null, banner: '' })).toEqual({
      name: 'IV',
      description: null,
      thumbnail: null,
      banner: null,
    });
  });

  it('words each problem for the field it is about', () => {
    expect(fieldErrors(serviceRules, { ...service, name: '', categoryId: '' })).toEqual({
      name: CATALOGUE_MESSAGES.name,
      categoryId: CATALOGUE_MESSAGES.category,
    });
    expect(fieldErrors(serviceRules, { ...service, durations: [45, 60] })).toEqual({
      durations: CATALOGUE_MESSAGES.optionsMismatch,
    });
    expect(fieldErrors(serviceRules, { ...service, durations: [0] })).toEqual({
      durations: CATALOGUE_MESSAGES.serviceDuration,
    });
    expect(fieldErrors(addOnRules, { ...service, durations: [0] })).toEqual({});
    expect(fieldErrors(serviceRules, { ...service, prices: [1.5] })).toEqual({
      prices: CATALOGUE_MESSAGES.price,
    });
  });

  it("takes uploaded images, Atrium's own /assets/ images and https addresses only", () => {
    expect(imageAddress.parse('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(imageAddress.parse('/media/1/a.webp')).toBe('/media/1/a.webp');
    expect(imageAddress.parse('/assets/catalog/glow-mobile-iv/iv-therapy.svg')).toBe(
      '/assets/catalog/glow-mobile-iv/iv-therapy.svg',
    );
    for (const bad of [
      'http://cdn.example.com/a.png',
      '/media/../etc',
      '/assets/../package.json',
      'javascript:alert(1)',
      '/uploads/a.png',
    ]) {
      expect(imageAddress.safeParse(bad).success).toBe(false);
    }
  });

  it('reads the form: dollars to cents, minutes, comma lists', () => {
    const form = offerFormRules('service').parse({
      ...service,
      ingredients: 'Zinc, Magnesium,',
      tags: '',
      options: [
        { price: '$1,045.5', duration: '60' },
        { price: '0', duration: ' 5 ' },
      ],
    });
    expect(form.options).toEqual({ prices: [104550, 0], durations: [60, 5] });
    expect(form.ingredients).toEqual(['Zinc', 'Magnesium']);
    expect(
      fieldErrors(offerFormRules('service'), { ...service, ingredients: '', tags: '', options: [] }),
    ).toEqual({
      options: CATALOGUE_MESSAGES.noOptions,
    });
    const wrong = offerFormRules('service').safeParse({
      ...service,
      ingredients: '',
      tags: '',
      options: [{ price: '12.345', duration: '4' }],
    });
    expect(wrong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['options.0.price', CATALOGUE_MESSAGES.price],
      ['options.0.duration', CATALOGUE_MESSAGES.serviceDuration],
    ]);
  });
});
