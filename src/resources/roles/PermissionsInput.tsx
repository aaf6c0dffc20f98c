import { useId } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useInput, useTranslate } from 'react-admin';
import type { PermissionModule } from '../../../contract/permissions';
import type { AppDataProvider } from '../../providers/dataProvider';

const asNames = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];

interface ModuleGroupProps {
  module: PermissionModule;
  selected: ReadonlySet<string>;
  onChange: (names: string[], checked: boolean) => void;
}

const ModuleGroup = ({ module, selected, onChange }: ModuleGroupProps) => {
  const translate = useTranslate();
  const headingId = useId();
  const names = module.permissions.map((permission) => permission.name);
  const chosen = names.filter((name) => selected.has(name)).length;
  const label = translate(`resources.roles.modules.${module.key}`, { _: module.label });
  return (
    <Box
      role="group"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 220, flex: '1 1 220px' }}
    >
      <Typography id={headingId} variant="subtitle2" component="h3">
        {label}
      </Typography>
      <FormControlLabel
        label={translate('resources.roles.select_all')}
        control={
          <Checkbox
            size="small"
            checked={chosen === names.length && names.length > 0}
            indeterminate={chosen > 0 && chosen < names.length}
            onChange={(event) => onChange(names, event.target.checked)}
          />
        }
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', pl: 2 }}>
        {module.permissions.map((permission) => (
          <FormControlLabel
            key={permission.name}
            label={translate(`resources.roles.actions.${permission.name}`, {
              _: translate(`resources.roles.actions.${permission.label}`, { _: permission.label }),
            })}
            control={
              <Checkbox
                size="small"
                checked={selected.has(permission.name)}
                onChange={(event) => onChange([permission.name], event.target.checked)}
              />
            }
          />
        ))}
      </Box>
    </Box>
  );
};

/** The role's permission names as checkboxes grouped by module, each module with a select-all. */
export const PermissionsInput = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: modules, error } = useQuery({
    queryKey: ['roles', 'permissionModules'],
    queryFn: async () => (await dataProvider.getPermissionModules()).data,
    staleTime: Infinity,
  });
  const { field, fieldState } = useInput({ source: 'permissions', defaultValue: [] });
  const selected = new Set(asNames(field.value));

  const change = (names: string[], checked: boolean) => {
    const next = new Set(selected);
    for (const name of names) {
      if (checked) next.add(name);
      else next.delete(name);
    }
    field.onChange([...next]);
  };

  return (
    <Box component="section" sx={{ width: '100%', my: 1 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {translate('resources.roles.fields.permissions')}
      </Typography>
      {error ? <FormHelperText error>{translate('ra.notification.http_error')}</FormHelperText> : null}
      {!modules && !error ? <LinearProgress /> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {modules?.map((module) => <ModuleGroup key={module.key} module={module} selected={selected} onChange={change} />)}
      </Box>
      {fieldState.error?.message ? <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText> : null}
    </Box>
  );
};
