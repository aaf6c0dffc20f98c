import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import PaletteIcon from '@mui/icons-material/Palette';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useTranslate } from 'react-admin';
import { useThemeSettings, type ThemeMode } from './themeSettings';

const ColourField = ({ label, value, onChange }: { label: string; value: string; onChange: (colour: string) => void }) => {
  const id = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Box
        component="input"
        type="color"
        id={id}
        value={value}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{
          width: 44,
          height: 32,
          p: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'transparent',
          cursor: 'pointer',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      />
      <Typography component="label" htmlFor={id} variant="body2" sx={{ flexGrow: 1, cursor: 'pointer' }}>
        {label}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {value}
      </Typography>
    </Box>
  );
};

/** The settings panel: light or dark layout, primary and secondary colours; every change applies and persists at once. */
export const ThemeSettingsDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const { settings, update, reset } = useThemeSettings();
  const titleId = useId();
  const modeLabelId = useId();
  return (
    // anchor "right" is the end side: MUI's Drawer swaps it to the left when the theme is right-to-left.
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 300, maxWidth: '100%', p: 2 } } }}
    >
      <Stack spacing={3}>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {translate('app.theme.title')}
          </Typography>
          <IconButton aria-label={translate('app.theme.close')} onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        </Box>
        <Stack spacing={1}>
          <Typography id={modeLabelId} variant="subtitle2">
            {translate('app.theme.layout')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            value={settings.mode}
            aria-labelledby={modeLabelId}
            onChange={(_event, mode: ThemeMode | null) => {
              if (mode) update({ mode });
            }}
          >
            <ToggleButton value="light" sx={{ gap: 1 }}>
              <LightModeIcon fontSize="small" />
              {translate('app.theme.light')}
            </ToggleButton>
            <ToggleButton value="dark" sx={{ gap: 1 }}>
              <DarkModeIcon fontSize="small" />
              {translate('app.theme.dark')}
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <Stack spacing={1.5}>
          <Typography variant="subtitle2">{translate('app.theme.colours')}</Typography>
          <ColourField
            label={translate('app.theme.primary')}
            value={settings.primary}
            onChange={(primary) => update({ primary })}
          />
          <ColourField
            label={translate('app.theme.secondary')}
            value={settings.secondary}
            onChange={(secondary) => update({ secondary })}
          />
        </Stack>
        <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={reset}>
          {translate('app.theme.reset')}
        </Button>
      </Stack>
    </Drawer>
  );
};

/** App bar button opening the theme settings panel. */
export const ThemeSettingsButton = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const label = translate('app.theme.title');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <PaletteIcon />
        </IconButton>
      </Tooltip>
      <ThemeSettingsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
};
