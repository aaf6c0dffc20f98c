import { required } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ReferenceSelect } from './ReferenceSelect';

const validateDistrict = required('app.validation.district_required');
const validateTehsil = required('app.validation.tehsil_required');
const validateArea = required('app.validation.area_required');

const chosen = (value: unknown) => value !== null && value !== undefined && value !== '';

export interface LocationCascadeProps {
  /** down to the VC area, or the tehsil only */
  depth?: 'tehsil' | 'area';
  required?: boolean;
  /** the VC area may be left out (facility centers): defaults to `required` */
  areaRequired?: boolean;
}

/**
 * District › tehsil › VC area: each select offers only the children of the one above, and changing a
 * choice clears the ones below it (spec 2: CHWs; spec 3: campaigns, facility centers, tasks); until
 * its parent is chosen a select says which choice it waits for.
 */
export const LocationCascade = ({ depth = 'area', required: isRequired = true, areaRequired = isRequired }: LocationCascadeProps) => {
  const { setValue } = useFormContext();
  const districtId: unknown = useWatch({ name: 'district_id' });
  const tehsilId: unknown = useWatch({ name: 'tehsil_id' });
  return (
    <>
      <ReferenceSelect
        source="district_id"
        reference="districts"
        validate={isRequired ? validateDistrict : undefined}
        onChange={() => {
          setValue('tehsil_id', null, { shouldDirty: true });
          if (depth === 'area') setValue('area_id', null, { shouldDirty: true });
        }}
      />
      <ReferenceSelect
        source="tehsil_id"
        reference="tehsils"
        filter={{ district_id: districtId }}
        enabled={chosen(districtId)}
        waitingFor="app.form.choose_district_first"
        validate={isRequired ? validateTehsil : undefined}
        onChange={depth === 'area' ? () => setValue('area_id', null, { shouldDirty: true }) : undefined}
      />
      {depth === 'area' ? (
        <ReferenceSelect source="area_id" reference="areas" filter={{ tehsil_id: tehsilId }} enabled={chosen(tehsilId)} waitingFor="app.form.choose_tehsil_first" validate={areaRequired ? validateArea : undefined} />
      ) : null}
    </>
  );
};
