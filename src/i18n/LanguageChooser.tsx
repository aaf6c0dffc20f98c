import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import { LANGUAGES, getLanguage, type LanguageCode } from './languages';

/** What the button that opens the menu needs: its accessible name and its ARIA state. */
export interface LanguageButtonProps {
  'aria-label': string;
  'aria-haspopup': 'menu';
  'aria-controls': string | undefined;
  'aria-expanded': 'true' | undefined;
  onClick: (event: MouseEvent<HTMLElement>) => void;
}

export interface LanguageChooserProps {
  value: LanguageCode;
  onChange: (code: LanguageCode) => void;
  /** The button; by default the current language's name (sign-in card). The app bar gives an icon. */
  renderButton?: (props: LanguageButtonProps, label: string) => ReactNode;
}

/** The visible name is part of the accessible one ("Language: Deutsch"). */
const TextButton = (props: LanguageButtonProps, name: string) => (
  <Button
    size="small"
    color="inherit"
    startIcon={<TranslateIcon fontSize="small" />}
    sx={{ textTransform: 'none' }}
    {...props}
    aria-label={`${props['aria-label']}: ${name}`}
  >
    {name}
  </Button>
);

/**
 * The seven languages, each named in its own language, in a menu. Plain MUI with no react-admin (and no
 * tooltip), so the sign-in screens can show it cheaply; the console's app bar wraps it (layout/LanguageMenu.tsx).
 */
export const LanguageChooser = ({ value, onChange, renderButton }: LanguageChooserProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = getLanguage(value);
  // "Language" in the current language, then in English, so it can be found from any language.
  const label = current.code === 'en' ? current.chooseLabel : `${current.chooseLabel} · Language`;
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const buttonProps: LanguageButtonProps = {
    'aria-label': label,
    'aria-haspopup': 'menu',
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? 'true' : undefined,
    onClick: open,
  };
  return (
    <>
      {renderButton ? renderButton(buttonProps, label) : TextButton(buttonProps, current.name)}
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => {
          const selected = language.code === value;
          return (
            <MenuItem
              key={language.code}
              selected={selected}
              lang={language.tag}
              onClick={() => {
                setAnchor(null);
                if (!selected) onChange(language.code);
              }}
            >
              <ListItemIcon>{selected ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{language.name}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
};
