import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useListContext, useTranslate } from 'react-admin';

/** People's and programme records' account status (1 active, 2 blocked), for a status filter. */
export const USER_STATUS_CHOICES = [
  { id: 1, name: 'app.status.active' },
  { id: 2, name: 'app.status.blocked' },
];

export interface SelectFilterProps {
  source: string;
  /** i18n key of the select's label and of its "all" entry */
  label: string;
  all: string;
  choices: { id: string | number; name: string }[];
}

/** A list filter of fixed choices (a task's type), applied at once beside the date range. */
export const SelectFilter = ({ source, label, all, choices }: SelectFilterProps) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const value = (filterValues as Record<string, unknown>)[source] ?? '';
  return (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={value}
      onChange={(e) => {
        const { [source]: _old, ...rest } = filterValues as Record<string, unknown>;
        setFilters(e.target.value === '' ? rest : { ...rest, [source]: e.target.value }, {});
      }}
      sx={{ width: { xs: '100%', sm: 200 } }}
    >
      <MenuItem value="">{translate(all)}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {translate(c.name)}
        </MenuItem>
      ))}
    </TextField>
  );
};
