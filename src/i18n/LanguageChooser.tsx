import { Suspense, lazy, useId, useState, type MouseEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { getLanguage, type LanguageCode } from './languages';

/** The menu's chunk: fetched once, when the button is first pointed at, focused or pressed. */
let menuChunk: Promise<typeof import('./LanguageMenuList')> | undefined;
export const preloadLanguageMenu = () => (menuChunk ??= import('./LanguageMenuList'));
const LanguageMenuList = lazy(preloadLanguageMenu);

/** What the button that opens the menu needs: its accessible name and its ARIA state. */
export interface LanguageButtonProps {
  'aria-label': string;
  'aria-haspopup': 'menu';
  'aria-controls': string | undefined;
  'aria-expanded': 'true' | undefined;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter: () => void;
  onFocus: () => void;
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
 * tooltip), so the sign-in screens can show it cheaply: the button is drawn at once and the menu
 * (LanguageMenuList.tsx) comes in its own chunk; the console's app bar wraps it (layout/LanguageMenu.tsx).
 */
export const LanguageChooser = ({ value, onChange, renderButton }: LanguageChooserProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // once opened, the menu stays mounted (closed), so it closes with its transition and gives focus back
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = getLanguage(value);
  // "Language" in the current language, then in English, so it can be found from any language.
  const label = current.code === 'en' ? current.chooseLabel : `${current.chooseLabel} · Language`;
  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setMenuAnchor(event.currentTarget);
  };
  const buttonProps: LanguageButtonProps = {
    'aria-label': label,
    'aria-haspopup': 'menu',
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? 'true' : undefined,
    onClick: open,
    onPointerEnter: () => void preloadLanguageMenu(),
    onFocus: () => void preloadLanguageMenu(),
  };
  return (
    <>
      {renderButton ? renderButton(buttonProps, label) : TextButton(buttonProps, current.name)}
      {menuAnchor ? (
        <Suspense fallback={null}>
          <LanguageMenuList id={menuId} anchor={menuAnchor} open={anchor !== null} value={value} onClose={() => setAnchor(null)} onChange={onChange} />
        </Suspense>
      ) : null}
    </>
  );
};
