import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import { useCreatePath, useDataProvider, useResourceDefinitions, useTranslate } from 'react-admin';
import { retryUnlessClientError, type AppDataProvider } from '../providers/dataProvider';
import type { SearchGroup } from '../providers/search';

/** the server answers nothing below this many characters */
const MIN_LENGTH = 2;
/** typing pauses this long before the server is asked */
const DEBOUNCE_MS = 200;

/** Whether a key press is aimed at something that takes text (where "/" is a character, not the shortcut). */
const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** One choosable line of the results: a record, or a group's "all results" link. */
interface Option {
  key: string;
  to: string;
  label: string;
  detail: string | null;
}

/**
 * The app bar's search (Ctrl+K, or "/" outside a text field): patients, doctors, CHWs, admins,
 * campaigns and survey forms in one box, grouped, through the data provider's `search` (the server
 * gives a group only for the modules the admin may view, and people only within its districts). A
 * combobox: arrows move through the results, Enter opens one (its page, or its list searched), Esc closes.
 */
export const AppSearch = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const shortcut = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingInto(event.target);
      if (shortcut || slash) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const label = translate('app.search.open');
  return (
    <>
      {wide ? (
        <Button
          color="inherit"
          onClick={() => setOpen(true)}
          startIcon={<SearchIcon />}
          aria-keyshortcuts="Control+K /"
          // outlined in the bar's own text colour on the bar itself: the contrast of the app bar's title, in every theme
          sx={{ textTransform: 'none', border: 1, borderColor: 'currentColor', marginInlineEnd: 1, paddingInline: 1.5, minWidth: 200, justifyContent: 'flex-start' }}
        >
          <Box component="span" sx={{ flexGrow: 1, textAlign: 'start' }}>{label}</Box>
          <Box component="kbd" aria-hidden sx={{ fontFamily: 'inherit', fontSize: '0.75rem', border: 1, borderRadius: 0.5, paddingInline: 0.5, marginInlineStart: 1 }}>
            Ctrl K
          </Box>
        </Button>
      ) : (
        <Tooltip title={label}>
          <IconButton color="inherit" onClick={() => setOpen(true)} aria-label={label} aria-keyshortcuts="Control+K /">
            <SearchIcon />
          </IconButton>
        </Tooltip>
      )}
      {open ? <SearchDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
};

const SearchDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const definitions = useResourceDefinitions();
  const dataProvider = useDataProvider<AppDataProvider>();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const searching = [...term].length >= MIN_LENGTH;
  const { data: groups, isFetching, isError } = useQuery({
    queryKey: ['app-search', term],
    queryFn: async ({ signal }) => (await dataProvider.search({ q: term, signal })).data,
    enabled: searching,
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });

  /** the groups with hits, each with its options: the records, then its list when it holds more */
  const shown = useMemo(() => {
    const list: { group: SearchGroup; options: Option[] }[] = [];
    for (const group of searching ? (groups ?? []) : []) {
      const definition = definitions[group.resource];
      if (!definition || !group.hits.length) continue;
      const type = definition.hasShow ? 'show' : 'edit';
      const options: Option[] = group.hits.map((hit) => ({
        key: `${group.resource}:${hit.id}`,
        to: createPath({ resource: group.resource, id: hit.id, type }),
        label: hit.label,
        detail: hit.detail,
      }));
      if (group.more) {
        const listName = translate(`resources.${group.resource}.name`, { smart_count: 2 });
        options.push({
          key: `${group.resource}:more`,
          to: `${createPath({ resource: group.resource, type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ q: term }))}`,
          label: translate('app.search.more', { list: listName }),
          detail: null,
        });
      }
      list.push({ group, options });
    }
    return list;
  }, [groups, searching, definitions, createPath, translate, term]);
  const options = shown.flatMap((g) => g.options);

  useEffect(() => setActive(0), [groups]);
  useEffect(() => {
    // (jsdom has no scrollIntoView)
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const go = (option: Option | undefined) => {
    if (!option) return;
    onClose();
    navigate(option.to);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(options[active]);
    }
  };

  const optionId = (index: number) => `${id}-option-${index}`;
  const status = !searching
    ? translate('app.search.hint')
    : isError
      ? translate('app.search.failed')
      : groups && !isFetching && !options.length
        ? translate('app.search.no_results', { q: term })
        : null;
  let index = -1;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-label={translate('app.search.open')} slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: fullScreen ? 0 : 8 } } }}>
      {/* a phone has no Esc key: the full-screen dialog gets a close button */}
      <Box sx={{ p: 2, pb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        <TextField
          autoFocus
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={translate('app.search.placeholder')}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': translate('app.search.open'),
              'aria-expanded': options.length > 0,
              'aria-controls': `${id}-results`,
              'aria-autocomplete': 'list',
              'aria-activedescendant': options.length ? optionId(active) : undefined,
              maxLength: 100,
            },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
          }}
        />
        {fullScreen ? (
          <IconButton onClick={onClose} aria-label={translate('ra.action.close')}>
            <CloseIcon />
          </IconButton>
        ) : null}
      </Box>
      <Box id={`${id}-results`} role="listbox" ref={listRef} aria-label={translate('app.search.results')} sx={{ overflowY: 'auto', maxHeight: fullScreen ? 'none' : '60vh', pb: 1 }}>
        {shown.map(({ group, options: groupOptions }) => (
          <Box key={group.resource} role="group" aria-labelledby={`${id}-${group.resource}`}>
            <Typography id={`${id}-${group.resource}`} variant="overline" component="div" sx={{ px: 2, color: 'text.secondary' }}>
              {translate(`resources.${group.resource}.name`, { smart_count: 2 })}
            </Typography>
            {groupOptions.map((option) => {
              index += 1;
              const mine = index;
              const selected = mine === active;
              return (
                <Box
                  key={option.key}
                  id={optionId(mine)}
                  role="option"
                  aria-selected={selected}
                  onMouseMove={() => setActive(mine)}
                  onClick={() => go(option)}
                  sx={{ px: 2, py: 0.75, cursor: 'pointer', bgcolor: selected ? 'action.selected' : undefined, display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}
                >
                  <Typography component="span" variant="body1" sx={{ fontStyle: option.key.endsWith(':more') ? 'italic' : undefined }}>
                    {option.label}
                  </Typography>
                  {option.detail ? (
                    <Typography component="span" variant="body2" color="text.secondary" dir="ltr">
                      {option.detail}
                    </Typography>
                  ) : null}
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, pb: 2, minHeight: '1.5em' }}>
        {status}
      </Typography>
    </Dialog>
  );
};
