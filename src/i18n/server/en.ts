import { SERVER_MESSAGES } from '../../../contract/messages';

/** The server's messages (`server.<code>`), English: the catalogue's own texts (contract/messages.ts). Merged into en.ts. */
const server = { server: { ...SERVER_MESSAGES } };

export default server;
