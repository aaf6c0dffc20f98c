import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import { LANGUAGES, type LanguageCode } from './languages';

export interface LanguageMenuListProps {
  id: string;
  anchor: HTMLElement;
  open: boolean;
  value: LanguageCode;
  onClose: () => void;
  onChange: (code: LanguageCode) => void;
}

/**
 * The open language menu: the seven languages, each named in its own language, the current one ticked.
 * Its own chunk (MUI's menu, popover, modal and focus trap), fetched when the chooser is first pointed at,
 * focused or opened (LanguageChooser.tsx), so the sign-in form does not carry it.
 */
const LanguageMenuList = ({ id, anchor, open, value, onClose, onChange }: LanguageMenuListProps) => (
  <Menu id={id} anchorEl={anchor} open={open} onClose={onClose}>
    {LANGUAGES.map((language) => {
      const selected = language.code === value;
      return (
        <MenuItem
          key={language.code}
          selected={selected}
          lang={language.tag}
          onClick={() => {
            onClose();
            if (!selected) onChange(language.code);
          }}
        >
          <ListItemIcon>{selected ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{language.name}</ListItemText>
        </MenuItem>
      );
    })}
  </Menu>
);

export default LanguageMenuList;
