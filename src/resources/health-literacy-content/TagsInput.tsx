import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { InputHelperText, useInput, useTranslate, useTranslateLabel, type Validator } from 'react-admin';

/** Typed tags as the server stores them: split on commas, trimmed, empty ones dropped, each once (any case). */
export function addTags(current: readonly string[], typed: string): string[] {
  const out = [...current];
  const seen = new Set(current.map((t) => t.toLowerCase()));
  for (const part of typed.split(',')) {
    const tag = part.replace(/\s+/g, ' ').trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

const asTags = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export interface TagsInputProps {
  source: string;
  /** i18n key of the message when no tag is given */
  requiredMessage?: string;
  label?: string;
}

/**
 * Tags typed separated by commas (spec 3): Enter or a comma adds what was typed (split, trimmed, empty
 * ones dropped), leaving the field adds it too; each tag is a chip removed by its button or, focused, by
 * Delete or Backspace; Backspace in the empty field removes the last one.
 */
export const TagsInput = ({ source, requiredMessage, label }: TagsInputProps) => {
  const validate: Validator | undefined = requiredMessage ? (value: unknown) => (asTags(value).length ? undefined : requiredMessage) : undefined;
  const { field, fieldState } = useInput({ source, validate, defaultValue: [] });
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const id = useId();
  const [typed, setTyped] = useState('');
  const tags = asTags(field.value);
  const text = String(translateLabel({ label, source }));

  const commit = (more: string) => {
    const next = addTags(tags, more);
    if (next.length !== tags.length) field.onChange(next);
  };
  const remove = (tag: string) => field.onChange(tags.filter((t) => t !== tag));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault(); // Enter would submit the form
      commit(typed);
      setTyped('');
    } else if (event.key === 'Backspace' && typed === '' && tags.length) {
      remove(tags[tags.length - 1]!);
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted.includes(',')) return;
    event.preventDefault();
    commit(`${typed},${pasted}`);
    setTyped('');
  };

  const error = fieldState.error?.message;
  return (
    <Box sx={{ my: 1, width: '100%', maxWidth: 560 }}>
      <TextField
        id={id}
        label={text}
        // the asterisk only: the text box itself is empty once its tags are chips
        slotProps={{ inputLabel: { required: Boolean(requiredMessage) }, htmlInput: { 'aria-describedby': `${id}-helper-text ${id}-tags` } }}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          commit(typed);
          setTyped('');
          field.onBlur();
        }}
        error={Boolean(error)}
        helperText={error ? <InputHelperText error={error} /> : translate('resources.health-literacy-content.tags_help')}
        fullWidth
        size="small"
      />
      <Box id={`${id}-tags`} component="ul" aria-label={translate('resources.health-literacy-content.tags_added')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: tags.length ? 1 : 0 }}>
        {tags.map((tag) => (
          <li key={tag}>
            <Chip
              label={<bdi>{tag}</bdi>}
              // focusable (MUI makes a deletable chip a button): Delete or Backspace removes it
              onDelete={() => remove(tag)}
              title={translate('resources.health-literacy-content.remove_tag', { tag })}
            />
          </li>
        ))}
      </Box>
    </Box>
  );
};
