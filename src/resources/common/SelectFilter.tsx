import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useContext } from 'react';
import { useGetList, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { StagedFiltersContext } from './ListTools';

/** People's and programme records' account status (1 active, 2 blocked), for a status filter. */
export const USER_STATUS_CHOICES = [
  { id: 1, name: 'app.status.active' },
  { id: 2, name: 'app.status.blocked' },
];

interface FilterSelectProps {
  source: string;
  /** i18n key of the select's label */
  label: string;
  /** i18n key of its "all" entry */
  all: string;
  /** the filters that hang on this one (the tehsil on the district): a change of this one clears them */
  clears?: readonly string[];
  /** the choices' ids and translated names; null while they load */
  options: { id: string | number; name: string }[] | null;
  /** what the select waits for (an i18n key) while it cannot offer anything: "Choose a district first" */
  waitingFor?: string;
}

/**
 * The select of a list filter: applied at once, beside the date range, or chosen in the date range's form
 * and applied by its Filter button (StagedFiltersContext); each filter the whole width on a phone.
 */
const FilterSelect = ({ source, label, all, clears = [], options, waitingFor }: FilterSelectProps) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  // inside a Filter button's form (the CHWs' district), chosen there and applied with the dates
  const staged = useContext(StagedFiltersContext);
  const values = staged ? staged.values : (filterValues as Record<string, unknown>);
  const value = values[source] ?? '';
  // a value among the options only once they are known (MUI warns of a value it does not offer)
  // (the address carries it as text, a choice's id may be a number)
  const shown = options?.find((o) => String(o.id) === String(value))?.id ?? '';
  return (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={shown}
      disabled={waitingFor !== undefined}
      helperText={waitingFor !== undefined ? translate(waitingFor) : undefined}
      onChange={(e) => {
        if (staged) return staged.stage(source, e.target.value, clears);
        const rest = Object.fromEntries(Object.entries(values).filter(([key]) => key !== source && !clears.includes(key)));
        setFilters(e.target.value === '' ? rest : { ...rest, [source]: e.target.value }, {});
      }}
      // what a disabled select waits for is read: in the readable grey, not the disabled one
      sx={{ width: { xs: '100%', sm: 200 }, '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
    >
      <MenuItem value="">{translate(all)}</MenuItem>
      {(options ?? []).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
};

export interface SelectFilterProps {
  source: string;
  /** i18n key of the select's label and of its "all" entry */
  label: string;
  all: string;
  /** fixed choices: `name` an i18n key, or the value itself where it is no word (a blood group) */
  choices: readonly { id: string | number; name: string }[];
}

/** A list filter of fixed choices (a task's type), applied at once beside the date range. */
export const SelectFilter = ({ source, label, all, choices }: SelectFilterProps) => {
  const translate = useTranslate();
  return <FilterSelect source={source} label={label} all={all} options={choices.map((c) => ({ id: c.id, name: translate(c.name, { _: c.name }) }))} />;
};

export interface ReferenceFilterProps {
  source: string;
  /** the resource whose records are the choices (read through its choices route) */
  reference: string;
  label: string;
  all: string;
  /** a choice's name; its title by default */
  optionText?: (record: RaRecord) => string;
  sortField?: string;
  /** filters that hang on this one, cleared when it changes */
  clears?: readonly string[];
  /**
   * The filter whose choice this one's choices lie in (the tehsils of the chosen district): `source`
   * is that filter, `param` the choices' parameter, `waitingFor` what the select says until it is chosen.
   */
  within?: { source: string; param: string; waitingFor: string };
}

const titleOf = (record: RaRecord) => String(record.title ?? '');

/** A list filter whose choices are another resource's records (a doctor, a district, a tehsil of that district). */
export const ReferenceFilter = ({ source, reference, label, all, optionText = titleOf, sortField = 'title', clears, within }: ReferenceFilterProps) => {
  const { filterValues } = useListContext();
  const staged = useContext(StagedFiltersContext);
  const parent: unknown = within ? (staged ? staged.values : (filterValues as Record<string, unknown>))[within.source] : undefined;
  const ready = !within || (parent !== undefined && parent !== '');
  const { data } = useGetList(
    reference,
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: sortField, order: 'ASC' },
      filter: { paginate: false, ...(within && ready ? { [within.param]: parent } : {}) },
      meta: { choices: true },
    },
    { enabled: ready },
  );
  const options = data ? data.map((r) => ({ id: r.id, name: optionText(r) })) : null;
  return <FilterSelect source={source} label={label} all={all} clears={clears} options={ready ? options : []} waitingFor={ready ? undefined : within?.waitingFor} />;
};
