import { exportColumns } from '../../../../server/src/http/exportColumns';
import { RESOURCE_DEFS } from '../../../../server/src/resources/registry';
import { LANGUAGES } from '../../../i18n/languages';
import { loadDictionary } from '../../../i18n/dictionaries';
import { lookupMessage } from '../../../i18n/messages';
import { exportLabelKeys } from '../exportLabels';

/** What the console labels with its shared words rather than a module's (ListTools.tsx: useExportReader). */
const SHARED = ['id', 'created_at', 'updated_at'];

/**
 * Columns whose header is still their key in English words ("Is super") in every language: they were so
 * when the list of columns went, and may only leave this list (a module's words giving them a field label).
 */
const UNLABELLED = [
  'roles.is_super', 'family-members.name', 'chw.country', 'chw.city', 'appointments.s_time', 'appointments.e_time', 'appointments.reason',
  'appointment-requests.handled_at',
];

describe('export headers', () => {
  it('every column of every declaration takes its label from its module’s words (no list of columns is kept)', () => {
    const unlabelled = RESOURCE_DEFS.flatMap((def) => {
      const labelled = new Set(exportLabelKeys(def.name).map(([column]) => column));
      return exportColumns(def).map((c) => c.key).filter((key) => !SHARED.includes(key) && !labelled.has(key)).map((key) => `${def.name}.${key}`);
    });
    expect(unlabelled).toEqual(UNLABELLED);
  });

  it.each(LANGUAGES.map(({ code }) => code))('%s: the labels an export sends fit the server’s limit (8,000 characters)', async (code) => {
    const dictionary = await loadDictionary(code);
    for (const def of RESOURCE_DEFS) {
      const labels = Object.fromEntries(exportLabelKeys(def.name).map(([column, field]) => [column, lookupMessage(dictionary, `resources.${def.name}.fields.${field}`)]));
      expect([def.name, JSON.stringify(labels).length < 7_000]).toEqual([def.name, true]);
    }
  });
});
