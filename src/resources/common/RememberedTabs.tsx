import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useStore, useTranslate } from 'react-admin';

export interface RememberedTab {
  /** stable key, stored */
  value: string;
  /** i18n key of the tab's label */
  label: string;
  content: ReactNode;
}

/**
 * Tabs whose choice is remembered across visits (spec 2: the patient and doctor profiles restore the
 * tab chosen last), in react-admin's store (local storage). An unknown stored value falls back to the first.
 */
export const RememberedTabs = ({ storeKey, tabs, label }: { storeKey: string; tabs: RememberedTab[]; label: string }) => {
  const translate = useTranslate();
  const [stored, setStored] = useStore<string>(`tabs.${storeKey}`, tabs[0]?.value ?? '');
  const active = tabs.some((t) => t.value === stored) ? stored : (tabs[0]?.value ?? '');
  return (
    <Box>
      {/* contain: react-admin's layout is min-width: fit-content, so the row of tabs would widen a phone's page instead of scrolling */}
      <Tabs value={active} onChange={(_, value: string) => setStored(value)} aria-label={translate(label)} variant="scrollable" scrollButtons="auto" sx={{ contain: 'inline-size' }}>
        {tabs.map((t) => (
          <Tab key={t.value} value={t.value} label={translate(t.label)} id={`tab-${storeKey}-${t.value}`} aria-controls={`tabpanel-${storeKey}-${t.value}`} />
        ))}
      </Tabs>
      {tabs.map((t) =>
        t.value === active ? (
          <Box key={t.value} role="tabpanel" id={`tabpanel-${storeKey}-${t.value}`} aria-labelledby={`tab-${storeKey}-${t.value}`} sx={{ pt: 2 }}>
            {t.content}
          </Box>
        ) : null,
      )}
    </Box>
  );
};
