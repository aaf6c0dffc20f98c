import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { messageText } from '../../../contract/messages';
import { ValidationError } from '../http/errors';

/**
 * What a new password must not be (OWASP ASVS 2.1.7 and NIST SP 800-63B 5.1.1.2): shorter than 8
 * characters (the schema says so), built on the account's own email or name, or easy to guess:
 * zxcvbn-ts (the common-password list of about 49,000 entries, English words, names and Wikipedia,
 * keyboard patterns, sequences, repeats, dates, l33t spellings) scoring it below 3, "safely
 * unguessable" falling short, with the account's details and the programme's own words counted as
 * the first words a guesser tries. Every route that sets a password asks this module.
 */
export const TOO_PERSONAL = messageText('password_personal');
/** The beginning both refusals for an easy password share (tests read it). */
export const TOO_EASY = messageText('password_too_easy', { advice: '' }).replace(/: $/, '');
/** zxcvbn's score (0-4) a password needs: 3 is at least 10^8 guesses. */
export const MIN_SCORE = 3;

/**
 * Words a guesser of this programme's accounts tries first: the product's, the programme's, and
 * Pakistan's provinces, largest districts and cities, and words found in its common passwords.
 */
export const PROGRAMME_WORDS = [
  'health', 'healthcare', 'programme', 'program', 'telehealth', 'telemedicine', 'community', 'console', 'admin', 'administrator',
  'superadmin', 'doctor', 'patient', 'clinic', 'hospital', 'nurse', 'chw', 'lhw', 'worker', 'campaign', 'survey', 'district',
  'tehsil', 'sehat', 'sehatmand', 'tandrust', 'pakistan', 'pakistani', 'zindabad', 'jinnah', 'quaid', 'allah', 'bismillah',
  'muhammad', 'mohammad', 'punjab', 'sindh', 'balochistan', 'baluchistan', 'khyber', 'pakhtunkhwa', 'kpk', 'gilgit', 'baltistan',
  'kashmir', 'islamabad', 'lahore', 'karachi', 'rawalpindi', 'pindi', 'faisalabad', 'multan', 'peshawar', 'quetta', 'hyderabad',
  'gujranwala', 'sialkot', 'sargodha', 'bahawalpur', 'sukkur', 'larkana', 'abbottabad', 'mardan', 'swat', 'muzaffarabad', 'mirpur',
  'gwadar', 'jhelum', 'sheikhupura', 'kasur', 'okara', 'sahiwal', 'mansehra', 'chitral', 'nowshera', 'kohat', 'bannu', 'thatta',
  'badin', 'tharparkar', 'nawabshah', 'jacobabad', 'turbat', 'khuzdar', 'skardu', 'hunza', 'chakwal', 'attock', 'vehari',
] as const;

/**
 * Passwords published as examples, which guessers try as whole phrases: the default passwords of
 * set-up guides and the best-known passphrase of all.
 */
export const PUBLISHED_WORDS = ['changeme', 'letmein', 'welcome', 'trustno', 'correct', 'horse', 'battery', 'staple'] as const;

/** Longest first, so that 'healthcare' goes before 'health'. */
const GUESSED_FIRST = [...PROGRAMME_WORDS, ...PUBLISHED_WORDS].sort((a, b) => b.length - a.length);

/**
 * Whether the password is only the words a guesser of this programme tries first (the programme's
 * and the published ones, in any case), digits and symbols: what is left once they are taken out has
 * fewer than four letters. zxcvbn scores two such words with a digit ("healthconsole1",
 * "Karachi.Admin1") as strong; a guesser who starts from them finds them soon.
 */
/** zxcvbn's warning for its user inputs (below), which these words are too */
const GUESSED_WARNING = 'It is built on a name, the email or a word of this programme.';
function builtOnGuessedWords(password: string): boolean {
  let rest = password.toLowerCase();
  for (const word of GUESSED_FIRST) rest = rest.split(word).join(' ');
  if (rest === password.toLowerCase()) return false;
  return rest.replace(/[^\p{L}]/gu, '').length < 4;
}

/**
 * The estimator, built once a process (the dictionaries take about half a second to load; `buildApp`
 * builds it at start). l33t spellings are tried with at most 4 substitutions and only the first 64
 * characters are judged: zxcvbn-ts' defaults (100 substitutions, 256 characters) took seconds on a
 * long password of digits and symbols, a blocked event loop. A strong first 64 characters make a
 * strong password; a weak start refuses a long one, which errs on the safe side.
 */
let estimator: ZxcvbnFactory | null = null;
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: {
      ...en.translations,
      // zxcvbn cannot tell the account's words from the programme's: one warning names both
      warnings: { ...en.translations.warnings, userInputs: GUESSED_WARNING },
    },
    l33tMaxSubstitutions: 4,
    maxLength: 32,
  });
  return estimator;
}

/** Loads the dictionaries now (at start), so the first password set does not wait for them. */
export function loadPasswordPolicy(): void {
  strength().check('warming up the dictionaries', [...PROGRAMME_WORDS]);
}

export interface PasswordOwner {
  email?: string | null;
  names?: readonly (string | null | undefined)[];
  /** other things about the account a guesser may know (phone number, CNIC) */
  details?: readonly (string | null | undefined)[];
}

const clean = (values: readonly (string | null | undefined)[] = []) => values.map((v) => v?.trim().toLowerCase() ?? '').filter(Boolean);

/** The words of an account that its password must not contain: the email, its local part, names of 4+ letters. */
function personalWords(owner: PasswordOwner): string[] {
  const email = owner.email?.trim().toLowerCase() ?? '';
  const names = clean(owner.names);
  const words = [email, email.split('@')[0] ?? '', ...names, names.join('')];
  return [...new Set(words)].filter((w) => w.length >= 4);
}

/** What zxcvbn counts as known to a guesser: the account's details and their pieces, then the programme's words. */
function userInputs(owner: PasswordOwner): string[] {
  const email = owner.email?.trim().toLowerCase() ?? '';
  const [local = '', domain = ''] = email.split('@');
  const own = [...personalWords(owner), ...clean(owner.names), ...clean(owner.details), ...local.split(/[^a-z0-9]+/), domain.split('.')[0] ?? ''];
  return [...new Set([...own.filter((w) => w.length >= 3), ...PROGRAMME_WORDS])];
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** zxcvbn's warning and suggestions as one sentence: "This password is too easy to guess: this is a commonly used password. Add more words that are less common." */
function tooEasy(feedback: { warning: string | null; suggestions: string[] }): string {
  const advice = (feedback.suggestions.length ? feedback.suggestions : ['Add more words that are less common.']).join(' ');
  return feedback.warning
    ? messageText('password_too_easy', { advice: `${lowerFirst(feedback.warning)} ${advice}` })
    : messageText('password_too_easy_plain', { advice });
}

/** The reason a password may not be used, or null. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  const lower = password.toLowerCase();
  if (personalWords(owner).some((w) => lower.includes(w))) return TOO_PERSONAL;
  if (builtOnGuessedWords(password)) return tooEasy({ warning: GUESSED_WARNING, suggestions: [] });
  const result = strength().check(password, userInputs(owner));
  return result.score < MIN_SCORE ? tooEasy(result.feedback) : null;
}

/** Refuses (422 on `field`) a password that `passwordProblem` finds fault with. */
export function assertPasswordAllowed(password: string, owner: PasswordOwner, field = 'password'): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw ValidationError.field(field, problem);
}
