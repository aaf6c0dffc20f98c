import { useMemo } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BooleanInput, Button, SelectInput, TextInput, useTranslate, type Validator } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { requiredRule } from '../common/inputs';
import {
  ADD_MORE,
  blankOptions,
  blankQuestion,
  canAddQuestion,
  deletedAfterRemoving,
  type FormMode,
  isChoice,
  optionsForType,
  type QuestionValue,
  REQUIRED_OPTIONS,
  TYPE_CHOICES,
} from './rules';

/**
 * The form builder (spec 3, "Dynamic forms"): a title and numbered questions, each with a title, a
 * type, a required switch and, for checkbox and radio, options. The spec's messages are checked as the
 * user goes ("Question N Title is required", "Options Type is required", "Option N Title is required");
 * the server checks them again and its messages land under the same fields. Every control is a button or
 * an input in document order, so the builder works from the keyboard; layout uses logical CSS only
 * (right-to-left in Arabic).
 */

const K = 'resources.dynamic-forms';
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

const questionTitle =
  (n: number): Validator =>
    requiredRule((value: unknown) => (blank(value) ? { message: `${K}.validation.question_title`, args: { n } } : undefined));
const typeRequired: Validator = requiredRule((value: unknown) => (blank(value) ? `${K}.validation.type_required` : undefined));
const optionTitle =
  (n: number): Validator =>
  (value: unknown) =>
    blank(value) ? { message: `${K}.validation.option_title`, args: { n } } : undefined;
export const formTitleRequired: Validator = requiredRule((value: unknown) => (blank(value) ? `${K}.validation.title_required` : undefined));

const Options = ({ index }: { index: number }) => {
  const { fields, append, remove } = useFieldArray({ name: `questions.${index}.options` });
  // validators keep their identity across renders, else react-admin re-registers the inputs
  const validators = useMemo(() => fields.map((_, j) => (j < REQUIRED_OPTIONS ? optionTitle(j + 1) : undefined)), [fields]);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        <OptionsLegend />
      </Typography>
      {fields.map((field, j) => (
        <Box key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextInput
            source={`questions.${index}.options.${j}.title`}
            label={<OptionLabel n={j + 1} />}
            validate={validators[j]}
            sx={{ flex: 1, minWidth: 0 }}
          />
          {j >= REQUIRED_OPTIONS ? (
            <RemoveButton label={`${K}.action.remove_option`} n={j + 1} onClick={() => remove(j)} />
          ) : (
            <Box sx={{ width: 40, flexShrink: 0 }} />
          )}
        </Box>
      ))}
      <Button label={`${K}.action.add_more`} onClick={() => append(blankOptions(ADD_MORE))}>
        <PlaylistAddIcon />
      </Button>
    </Box>
  );
};

const OptionsLegend = () => {
  const translate = useTranslate();
  return <>{translate(`${K}.fields.options`)}</>;
};
const OptionLabel = ({ n }: { n: number }) => {
  const translate = useTranslate();
  return <>{translate(`${K}.fields.option`, { n })}</>;
};

/** An icon button whose name says what it removes ("Remove question 2"), with the name as its tooltip. */
const RemoveButton = ({ label, n, onClick, disabled = false }: { label: string; n: number; onClick: () => void; disabled?: boolean }) => {
  const translate = useTranslate();
  const name = translate(label, { n });
  const button = (
    <IconButton aria-label={name} onClick={onClick} disabled={disabled} color="error" sx={{ mt: 0.5 }}>
      <DeleteOutlineIcon />
    </IconButton>
  );
  // a disabled button gets no pointer events: the tooltip needs an element around it
  return <Tooltip title={name}>{disabled ? <span>{button}</span> : button}</Tooltip>;
};

const Question = ({ index, mode, onRemove, removable }: { index: number; mode: FormMode; onRemove: () => void; removable: boolean }) => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const type = useWatch({ name: `questions.${index}.type` }) as unknown;
  const answered = useWatch({ name: `questions.${index}.answered` }) as unknown;
  const validateTitle = useMemo(() => questionTitle(index + 1), [index]);
  const onTypeChange = (event: unknown) => {
    const next = (event as { target?: { value?: unknown } } | null)?.target?.value ?? event;
    const current = getValues(`questions.${index}.options`) as QuestionValue['options'];
    setValue(`questions.${index}.options`, optionsForType(next, current, mode), { shouldDirty: true });
  };
  return (
    <Box
      component="fieldset"
      aria-labelledby={`question-${index}-legend`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, mb: 2, minWidth: 0, display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`question-${index}-legend`} component="legend" variant="subtitle1" sx={{ float: 'inline-start', p: 0 }}>
          {translate(`${K}.fields.question`, { n: index + 1 })}
        </Typography>
        <RemoveButton label={`${K}.action.remove_question`} n={index + 1} onClick={onRemove} disabled={!removable} />
      </Box>
      {answered === true ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate(`${K}.message.answered`)}
        </Alert>
      ) : null}
      <TextInput source={`questions.${index}.title`} label={`${K}.fields.question_title`} validate={validateTitle} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <SelectInput
          source={`questions.${index}.type`}
          label={`${K}.fields.type`}
          choices={TYPE_CHOICES}
          validate={typeRequired}
          onChange={onTypeChange}
          emptyText={`${K}.fields.choose_type`}
          fullWidth={false}
          sx={{ minWidth: 240 }}
        />
        <BooleanInput source={`questions.${index}.is_required`} label={`${K}.fields.is_required`} helperText={false} />
      </Box>
      {isChoice(type) ? <Options index={index} /> : null}
    </Box>
  );
};

/** The questions of a form: add (once the last has a title and a type), remove, and each question's inputs. */
export const QuestionsInput = ({ mode }: { mode: FormMode }) => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const { fields, append, remove } = useFieldArray({ name: 'questions' });
  const questions = useWatch({ name: 'questions' }) as QuestionValue[] | undefined;
  const open = canAddQuestion(questions);
  const removeAt = (index: number) => {
    const removed = getValues(`questions.${index}`) as QuestionValue | undefined;
    setValue('deletedIds', deletedAfterRemoving(removed, getValues('deletedIds') as number[] | undefined, mode), { shouldDirty: true });
    remove(index);
  };
  return (
    <Box sx={{ width: '100%', maxWidth: 800 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(`${K}.fields.questions`)}
      </Typography>
      {fields.map((field, index) => (
        <Question key={field.id} index={index} mode={mode} onRemove={() => removeAt(index)} removable={fields.length > 1} />
      ))}
      <Button
        label={`${K}.action.add_question`}
        variant="outlined"
        disabled={!open}
        aria-describedby={open ? undefined : 'add-question-hint'}
        onClick={() => append(blankQuestion(), { shouldFocus: true, focusName: `questions.${fields.length}.title` })}
      >
        <AddIcon />
      </Button>
      {open ? null : <FormHelperText id="add-question-hint">{translate(`${K}.message.add_question_hint`)}</FormHelperText>}
    </Box>
  );
};

/** The whole builder: the form's title and its questions. */
export const FormBuilder = ({ mode }: { mode: FormMode }) => (
  <>
    <TextInput source="title" label={`${K}.fields.title`} validate={formTitleRequired} sx={{ width: '100%', maxWidth: 800 }} />
    <QuestionsInput mode={mode} />
  </>
);
