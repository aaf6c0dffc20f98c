import en from '../../i18n/en';
import type { Messages } from '../../i18n/messages';

/**
 * The keys an export's headers may take from a module's words: each field it has a label for (the English
 * `resources.<name>.fields`), and a related record's column under its key's field's name (district:
 * district_id's District). The server's columns come from the declaration (server/src/http/exportColumns.ts);
 * no list of them is kept here.
 */
export const exportLabelKeys = (resource: string): [column: string, field: string][] => {
  const fields = ((en.resources as Messages | undefined)?.[resource] as Messages | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return [];
  const keys = Object.keys(fields).filter((key) => typeof fields[key] === 'string');
  return [
    ...keys.map((key) => [key, key] as [string, string]),
    ...keys.filter((key) => key.endsWith('_id') && !keys.includes(key.slice(0, -3))).map((key) => [key.slice(0, -3), key] as [string, string]),
  ];
};
