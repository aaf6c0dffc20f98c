import { useCallback } from 'react';
import { localPreference, usePreference } from './localPreference';

const parsePins = (raw: string | null): string[] => {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((path): path is string => typeof path === 'string') : [];
  } catch {
    return [];
  }
};

/** Pinned sidebar entries: a JSON array of their paths under localStorage key `pins` (spec 1 section 3). */
export const pinsPreference = localPreference<string[]>('pins', parsePins, (pins) => JSON.stringify(pins));

/** The pinned paths in the order they were pinned, and a toggle for one path. */
export function usePins(): [string[], (path: string) => void] {
  const pins = usePreference(pinsPreference);
  const toggle = useCallback((path: string) => {
    const current = pinsPreference.read();
    pinsPreference.write(current.includes(path) ? current.filter((pinned) => pinned !== path) : [...current, path]);
  }, []);
  return [pins, toggle];
}
