import { useMemo } from 'react';
import { required } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ReferenceSelect } from './ReferenceSelect';

/** The messages of an empty choice, i18n keys: the location forms' by default ("Please select a district.") */
export interface CascadeMessages {
  district: string;
  tehsil: string;
  area: string;
}
const LOCATION_MESSAGES: CascadeMessages = { district: 'app.validation.district_required', tehsil: 'app.validation.tehsil_required', area: 'app.validation.area_required' };
/** The CHW form's and the message form's words (spec 2 §5: 'Please select a district', 'a tehsil', 'a VC'; spec 3 §5 likewise) */
export const SELECT_MESSAGES: CascadeMessages = { district: 'app.validation.district_select', tehsil: 'app.validation.tehsil_select', area: 'app.validation.area_select' };

const chosen = (value: unknown) => value !== null && value !== undefined && value !== '';

export interface LocationCascadeProps {
  /** down to the VC area, or the tehsil only */
  depth?: 'tehsil' | 'area';
  required?: boolean;
  /** the VC area may be left out (facility centers): defaults to `required` */
  areaRequired?: boolean;
  /** the words of an empty choice, where the spec gives the form its own */
  messages?: CascadeMessages;
}

/**
 * District › tehsil › VC area: each select offers only the children of the one above, and changing a
 * choice clears the ones below it (spec 2: CHWs; spec 3: campaigns, facility centers, tasks); until
 * its parent is chosen a select says which choice it waits for.
 */
export const LocationCascade = ({ depth = 'area', required: isRequired = true, areaRequired = isRequired, messages = LOCATION_MESSAGES }: LocationCascadeProps) => {
  const { setValue } = useFormContext();
  // one validator each while the messages stay (a new one would make react-admin register the input again)
  const validate = useMemo(() => ({ district: required(messages.district), tehsil: required(messages.tehsil), area: required(messages.area) }), [messages]);
  const districtId: unknown = useWatch({ name: 'district_id' });
  const tehsilId: unknown = useWatch({ name: 'tehsil_id' });
  return (
    <>
      <ReferenceSelect
        source="district_id"
        reference="districts"
        validate={isRequired ? validate.district : undefined}
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
        validate={isRequired ? validate.tehsil : undefined}
        onChange={depth === 'area' ? () => setValue('area_id', null, { shouldDirty: true }) : undefined}
      />
      {depth === 'area' ? (
        <ReferenceSelect source="area_id" reference="areas" filter={{ tehsil_id: tehsilId }} enabled={chosen(tehsilId)} waitingFor="app.form.choose_tehsil_first" validate={areaRequired ? validate.area : undefined} />
      ) : null}
    </>
  );
};
