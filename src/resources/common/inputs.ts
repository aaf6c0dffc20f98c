import type { KeyboardEvent } from 'react';
import type { Identifier } from 'react-admin';

const CONTROL_KEYS = new Set(['Backspace', 'Delete', 'Tab', 'Enter', 'Escape', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

const allowKeys = (allowed: RegExp) => (event: KeyboardEvent<HTMLElement>) => {
  if (event.ctrlKey || event.metaKey || event.altKey || CONTROL_KEYS.has(event.key)) return;
  if (!allowed.test(event.key)) event.preventDefault();
};

/** Coordinates: digits, a dot and a minus sign (the spec's number-only helper, plus signed values). */
export const numberKeysOnly = allowKeys(/^[0-9.-]$/);

/** Keeps at most `max` digits, for phone numbers and CNIC typed or pasted with dashes. */
export const digitsOnly =
  (max: number) =>
  (value: unknown): string =>
    typeof value === 'string' ? value.replace(/\D/g, '').slice(0, max) : '';

export const phoneDigits = digitsOnly(11);
export const cnicDigits = digitsOnly(13);

/** Record ids, from ids or from the presented [{ id, title }] rows a record carries (a task's CHWs, interests). */
export const idsOf = (value: unknown): Identifier[] =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'object' && v !== null && 'id' in v ? (v as { id: Identifier }).id : (v as Identifier))) : [];

/**
 * A rule that refuses an empty value, marked as react-admin's `required()` is (`isRequired`), so the
 * input's label shows its asterisk; every add form is held to this by required-markers.test.tsx.
 */
export const requiredRule = <V extends (...args: never[]) => unknown>(validator: V): V => Object.assign(validator, { isRequired: true });
