import { useRecordContext, useTranslate } from 'react-admin';
import { PAGE_KEYS } from '../../../contract/enums';

export const K = 'resources.pages';
export const KEY_CHOICES = PAGE_KEYS.map((key) => ({ id: key, name: `${K}.keys.${key}` }));

/** A page's key as its name: "Privacy Policy", "Terms & Conditions". */
export const PageKeyName = (_: { source?: string; label?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <>{typeof record?.key === 'string' ? translate(`${K}.keys.${record.key}`, { _: record.key }) : ''}</>;
};
