import { TextInput, regex, required } from 'react-admin';

const validateCountry = required('app.validation.country_required');
const validateIso2 = [required('app.validation.iso2'), regex(/^[A-Za-z]{2}$/, 'app.validation.iso2')];
const validateIso3 = [required('app.validation.iso3'), regex(/^[A-Za-z]{3}$/, 'app.validation.iso3')];
const upperCase = (value: string): string => value.toUpperCase();

export const CountryInputs = () => (
  <>
    <TextInput source="country" validate={validateCountry} />
    <TextInput source="iso2" validate={validateIso2} parse={upperCase} slotProps={{ htmlInput: { maxLength: 2 } }} />
    <TextInput source="iso3" validate={validateIso3} parse={upperCase} slotProps={{ htmlInput: { maxLength: 3 } }} />
  </>
);
