import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleRoot } from './ConsoleRoot';
import { loadAuthLanguage } from './i18n/authTranslate';
import { applyDocumentLanguage } from './i18n/direction';
import { getStoredLanguage } from './i18n/languages';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The stored language's direction and dictionary come first, so nothing is drawn in English or left to
// right and then redrawn (the sign-in screens' English is built in; another language is one small chunk,
// and Arabic's right-to-left styles another).
const language = getStoredLanguage();
applyDocumentLanguage(language);
void loadAuthLanguage(language)
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <ConsoleRoot />
      </StrictMode>,
    ),
  );
