import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { messageText, type ServerMessageCode } from '../../../contract/messages';

/** An issue type of FHIR's IssueType value set (http://hl7.org/fhir/ValueSet/issue-type). */
export type IssueCode = OperationOutcomeIssue['code'];

/**
 * A refusal of the FHIR API: its HTTP status, FHIR issue type and the catalogue's text (contract/messages.ts).
 * The API's error handler answers it as an OperationOutcome.
 */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issue: IssueCode,
    message: string,
  ) {
    super(message);
  }
}

/** 400 for a search the server cannot read: the catalogue text of `code` with its values. */
export const badRequest = (code: ServerMessageCode, values: Record<string, string | number>, issue: IssueCode = 'invalid') =>
  new FhirError(400, issue, messageText(code, values));

/** An OperationOutcome of one error issue: its type and the text for a person. */
export const outcome = (issue: IssueCode, text: string): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: issue, details: { text }, diagnostics: text }],
});

/** The issue type of an HTTP status the machinery answered with (the auth guard's 401 and 403, a read's 404). */
export function issueOfStatus(status: number): IssueCode {
  switch (status) {
    case 401: return 'login';
    case 403: return 'forbidden';
    case 404: return 'not-found';
    case 405: return 'not-supported';
    case 408: return 'timeout';
    case 409: return 'conflict';
    case 429: return 'throttled';
    default: return status >= 500 ? 'exception' : 'invalid';
  }
}
