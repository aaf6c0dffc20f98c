import { QUESTION_TYPES } from '../../../contract/enums';

/**
 * The form builder's rules (spec 3, section 4 "Form building"), apart from React so they are tested
 * alone: a new question only once the previous one has a title and a type; choosing checkbox or radio
 * makes 2 blank options on add and 4 on edit, "Add more" adds 2, any other type clears them.
 */

export type QuestionType = (typeof QUESTION_TYPES)[number];
export type FormMode = 'create' | 'edit';

export interface OptionValue {
  title?: string | null;
}

/** A question as the form holds it: a stored one carries its id (and whether it has answers). */
export interface QuestionValue {
  id?: number | null;
  title?: string | null;
  type?: QuestionType | '' | null;
  is_required?: boolean | number | null;
  options?: OptionValue[] | null;
  answered?: boolean;
}

export interface FormValues {
  title?: string | null;
  questions?: QuestionValue[] | null;
  /** stored questions removed on edit (spec: deletedIds) */
  deletedIds?: number[] | null;
}

export const TYPE_CHOICES = QUESTION_TYPES.map((type) => ({ id: type, name: `resources.dynamic-forms.types.${type}` }));

/** blank options made when a question becomes a choice question */
export const OPTIONS_ON_CHOICE: Record<FormMode, number> = { create: 2, edit: 4 };
/** blank options "Add more" adds */
export const ADD_MORE = 2;
/** the options every choice question needs (the first two are required) */
export const REQUIRED_OPTIONS = 2;

export const isChoice = (type: unknown): boolean => type === 'checkbox' || type === 'radio';

export const blankOptions = (count: number): OptionValue[] => Array.from({ length: count }, () => ({ title: '' }));

export const blankQuestion = (): QuestionValue => ({ title: '', type: '', is_required: false, options: [] });

/** The options a question has once its type is chosen: kept between checkbox and radio, blank ones for a new choice question, none otherwise. */
export function optionsForType(type: unknown, current: OptionValue[] | null | undefined, mode: FormMode): OptionValue[] {
  if (!isChoice(type)) return [];
  return current && current.length > 0 ? current : blankOptions(OPTIONS_ON_CHOICE[mode]);
}

/** Whether "Add question" is open: there is no question yet, or the last one has a title and a type. */
export function canAddQuestion(questions: QuestionValue[] | null | undefined): boolean {
  const last = questions?.[questions.length - 1];
  return !last || (Boolean(last.title?.trim()) && Boolean(last.type));
}

/** The deleted ids after removing a question: a stored question's id is added (on edit only; a new form has none). */
export function deletedAfterRemoving(question: QuestionValue | undefined, deleted: number[] | null | undefined, mode: FormMode): number[] {
  const list = deleted ?? [];
  return mode === 'edit' && typeof question?.id === 'number' && !list.includes(question.id) ? [...list, question.id] : list;
}

/** The request body of the form's values: its title, its questions (options only for choice types) and, on edit, the removed questions. */
export function toBody(values: FormValues): Record<string, unknown> {
  const questions = (values.questions ?? []).map((q) => {
    const choice = isChoice(q.type);
    return {
      ...(typeof q.id === 'number' ? { id: q.id } : {}),
      title: q.title ?? '',
      type: q.type ?? '',
      is_required: q.is_required ? 1 : 0,
      has_options: choice ? 1 : 0,
      options: choice ? (q.options ?? []).map((o) => ({ title: o.title ?? '' })) : [],
    };
  });
  const deletedIds = values.deletedIds ?? [];
  return { title: values.title ?? '', questions, ...(deletedIds.length > 0 ? { deletedIds } : {}) };
}
