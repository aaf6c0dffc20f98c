import { RECORD_NOUNS, SERVER_MESSAGES, type RecordNoun } from '../../../contract/messages';

/** The server's messages (`server.<code>`), English: the catalogue's own texts (contract/messages.ts). Merged into en.ts. */
const server = { server: { ...SERVER_MESSAGES } };

/** Counts of records in a refusal ("still used by 2 tehsils": `server_nouns.<code>`), from the catalogue's English. */
const server_nouns = Object.fromEntries(
  Object.entries(RECORD_NOUNS).map(([code, [one, many]]) => [code, `%{smart_count} ${one} |||| %{smart_count} ${many}`]),
) as Record<RecordNoun, string>;

export default { ...server, server_nouns };
