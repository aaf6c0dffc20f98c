import { TextInput, required, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ReferenceSelect } from '../common/ReferenceSelect';
import { TitleInput } from '../common/TitleInput';
import { numberKeysOnly } from '../common/inputs';

const coordinate =
  (min: number, max: number, rangeMessage: string): Validator =>
  (value: unknown) => {
    if (value === null || value === undefined || value === '') return undefined;
    const number = Number(value);
    return Number.isFinite(number) && number >= min && number <= max ? undefined : rangeMessage;
  };

const validateDistrict = required('app.validation.district_required');
const validateTehsil = required('app.validation.tehsil_required');
const validateLatitude = [required('app.validation.latitude_required'), coordinate(-90, 90, 'app.validation.latitude_range')];
const validateLongitude = [required('app.validation.longitude_required'), coordinate(-180, 180, 'app.validation.longitude_range')];

/** District, then a tehsil of that district only, title and coordinates (spec 2 "Location master data"). */
export const AreaInputs = () => {
  const { setValue } = useFormContext();
  const districtId: unknown = useWatch({ name: 'district_id' });
  const hasDistrict = districtId !== null && districtId !== undefined && districtId !== '';
  return (
    <>
      <ReferenceSelect
        source="district_id"
        reference="districts"
        validate={validateDistrict}
        // A tehsil of the previous district would no longer be a valid choice.
        onChange={() => setValue('tehsil_id', null, { shouldDirty: true })}
      />
      <ReferenceSelect
        source="tehsil_id"
        reference="tehsils"
        filter={{ district_id: districtId }}
        enabled={hasDistrict}
        waitingFor="app.form.choose_district_first"
        validate={validateTehsil}
      />
      <TitleInput />
      <TextInput
        source="lat"
        validate={validateLatitude}
        placeholder="31.0000"
        slotProps={{ htmlInput: { inputMode: 'decimal', onKeyDown: numberKeysOnly } }}
      />
      <TextInput
        source="long"
        validate={validateLongitude}
        placeholder="74.00000"
        slotProps={{ htmlInput: { inputMode: 'decimal', onKeyDown: numberKeysOnly } }}
      />
    </>
  );
};
