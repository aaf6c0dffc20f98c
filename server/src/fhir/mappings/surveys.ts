import type { Questionnaire, QuestionnaireItem, QuestionnaireResponse, QuestionnaireResponseItemAnswer } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { idsWithinDistricts } from '../../http/list';
import type { Row } from '../../http/resource';
import { answerValue } from '../../resources/programme/formSubmissions';
import { optionsOf } from '../../resources/programme/questions';
import { isActive, QUESTION_TYPE, SYSTEMS } from '../codes';
import { defineMapping, specParam } from '../mapping';
import { column, dates, references, strings, tokens } from '../narrowers';
import { type FhirCall, idOf, listSource, referenceTo, tableSource } from '../source';

/**
 * Surveys: a survey form is a Questionnaire (its current questions, its version), each submission of a
 * CHW a QuestionnaireResponse naming the form at the version it answered. An answer keeps the question
 * it answered, also once that question was changed or removed (a retired question keeps its row).
 */

const FORM_IDS = 'dynamic-forms';
const SUBMISSION_IDS = 'form-submissions';

/** A form's canonical URL (Questionnaire.url); a response names it with `|version`. */
const formUrl = (fc: FhirCall, formId: number) => `${fc.base}/Questionnaire/${idOf(fc, FORM_IDS, formId)}`;

/** A choice's option as a Coding: its position among the question's options (from 1) and its title. */
const optionCoding = (options: string[], title: string) => {
  const at = options.indexOf(title);
  return at < 0 ? { display: title } : { code: String(at + 1), display: title };
};

interface PresentedQuestion {
  id: number;
  title: string;
  type: keyof typeof QUESTION_TYPE;
  is_required: boolean;
  options: { title: string }[];
}

export const questionnaireMapping = defineMapping({
  type: 'Questionnaire',
  description: 'Survey forms: their current questions, in order; the version rises with every change of them.',
  sources: [
    listSource({
      resource: 'dynamic-forms',
      toFhir: (fc, r): Questionnaire => ({
        resourceType: 'Questionnaire',
        id: idOf(fc, FORM_IDS, r.id),
        meta: { lastUpdated: String(r.updated_at) },
        url: formUrl(fc, r.id),
        version: String(r.version),
        title: String(r.title),
        status: isActive(r.status) ? 'active' : 'retired',
        date: String(r.updated_at),
        item: ((r.questions as PresentedQuestion[] | undefined) ?? []).map((q): QuestionnaireItem => {
          const options = q.options.map((o) => o.title);
          return {
            linkId: String(q.id),
            text: q.title,
            type: QUESTION_TYPE[q.type],
            required: q.is_required,
            repeats: q.type === 'checkbox' ? true : undefined,
            answerOption: QUESTION_TYPE[q.type] === 'choice' ? options.map((title) => ({ valueCoding: optionCoding(options, title) })) : undefined,
          };
        }),
      }),
      narrow: {
        title: strings([column('title')], { search: true }),
        status: tokens('status', SYSTEMS.publicationStatus, ['draft', 'active', 'retired', 'unknown'], { active: [1], retired: [2] }),
      },
    }),
  ],
  params: {
    title: { type: 'string', definition: specParam('Questionnaire-title'), description: 'The title starts with the value (:exact, :contains).' },
    status: { type: 'token', definition: specParam('Questionnaire-status'), description: 'active, or retired (a blocked form, which takes no more answers).' },
  },
});

/** A page of submissions: their answers with the questions they answered, in the questions' order. */
async function loadAnswers(fc: FhirCall, rows: Row[]): Promise<void> {
  const ids = rows.map((r) => Number(r.id));
  const answers = await fc.ctx.db
    .selectFrom('form_answers as a')
    .innerJoin('form_questions as q', 'q.id', 'a.question_id')
    .select(['a.submission_id', 'a.value', 'q.id', 'q.title', 'q.type', 'q.options'])
    .where('a.submission_id', 'in', ids)
    .orderBy('a.submission_id')
    .orderBy('q.position')
    .orderBy('q.id')
    .execute();
  for (const r of rows) r.answers = answers.filter((a) => a.submission_id === r.id);
}

function answersOf(a: Row): QuestionnaireResponseItemAnswer[] {
  const type = String(a.type);
  const value = answerValue(type, String(a.value));
  if (type === 'checkbox' || type === 'radio') {
    const options = optionsOf(String(a.options));
    return (Array.isArray(value) ? value : [value]).map((title) => ({ valueCoding: optionCoding(options, title) }));
  }
  const text = String(value);
  return [type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text) ? { valueDate: text } : { valueString: text }];
}

export const questionnaireResponseMapping = defineMapping({
  type: 'QuestionnaireResponse',
  description: 'Survey submissions of CHWs, newest first: the form at the version answered, when, by whom, and each answer under the question it answered.',
  sources: [
    tableSource({
      key: SUBMISSION_IDS,
      resource: 'dynamic-forms',
      table: 'form_submissions',
      // as the survey export: the answers of the CHWs of the admin's districts
      within: (fc) => {
        const chws = idsWithinDistricts(fc.ctx, fc.ctx.registry.byName.get('chw')!, fc.request.admin?.districtIds ?? null);
        return chws ? (qb) => qb.where('user_id', 'in', chws) : null;
      },
      order: [['id', 'desc']],
      updated: sql.ref('form_submissions.created_at'),
      load: loadAnswers,
      toFhir: (fc, r): QuestionnaireResponse => ({
        resourceType: 'QuestionnaireResponse',
        id: idOf(fc, SUBMISSION_IDS, Number(r.id)),
        meta: { lastUpdated: String(r.created_at) },
        questionnaire: `${formUrl(fc, Number(r.form_id))}|${String(r.form_version)}`,
        status: 'completed',
        authored: String(r.submitted_at),
        author: referenceTo(fc, 'Practitioner', 'chw', Number(r.user_id)),
        item: ((r.answers as Row[] | undefined) ?? []).map((a) => ({ linkId: String(a.id), text: String(a.title), answer: answersOf(a) })),
      }),
      narrow: {
        questionnaire: references('form_id', [FORM_IDS]),
        authored: dates(sql.ref('submitted_at'), 'instant'),
        author: references('user_id', ['chw']),
      },
    }),
  ],
  params: {
    questionnaire: { type: 'reference', targets: ['Questionnaire'], definition: specParam('QuestionnaireResponse-questionnaire'), description: 'The survey form answered.' },
    authored: { type: 'date', definition: specParam('QuestionnaireResponse-authored'), description: 'When it was submitted, with a prefix eq, ne, gt, lt, ge or le.' },
    author: { type: 'reference', targets: ['Practitioner'], definition: specParam('QuestionnaireResponse-author'), description: 'The CHW who submitted it.' },
  },
});
