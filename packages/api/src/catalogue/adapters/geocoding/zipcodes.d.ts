// The `zipcodes` package ships no types; this covers what the gazetteer uses.
declare module 'zipcodes' {
  export interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    codes: Record<string, ZipCode>;
    lookup(zip: string | number): ZipCode | undefined;
    lookupByCoords(latitude: number, longitude: number): ZipCode | null;
  };
  export default zipcodes;
}
