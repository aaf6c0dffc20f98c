/**
 * The landing site's content as GET /promotional answers it (spec 1 section 7): four sections, the
 * sliders and the testimonials. Read defensively: a missing section is null, a missing list empty.
 */
import { isRecord } from './http';

export type PromotionalSection = 'logo' | 'banner' | 'about' | 'how_it_works';
export type PromotionalCollection = 'slider' | 'testimonial';
/** A section's stored values: its texts and its files (as `{ src, title }` once read by the provider, files.ts). */
export type PromotionalValues = Record<string, unknown>;

export interface PromotionalSlider {
  id: string;
  created_at: string;
  /** the image (as `{ src, title }` once read by the provider, files.ts) */
  file: Record<string, unknown> | null;
}

export interface PromotionalTestimonial {
  id: string;
  created_at: string;
  name: string;
  text: string;
}

export type PromotionalItem = PromotionalSlider | PromotionalTestimonial;

export interface PromotionalData {
  logo: PromotionalValues | null;
  banner: PromotionalValues | null;
  about: PromotionalValues | null;
  how_it_works: PromotionalValues | null;
  sliders: PromotionalSlider[];
  testimonials: PromotionalTestimonial[];
}

/** The path segment of each section's and collection's calls. */
export const PROMOTIONAL_PATHS: Record<PromotionalSection | PromotionalCollection, string> = {
  logo: 'logo',
  banner: 'banner',
  about: 'about',
  how_it_works: 'how-it-works',
  slider: 'slider',
  testimonial: 'testimonial',
};

const section = (value: unknown): PromotionalValues | null => (isRecord(value) ? value : null);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const readSlider = (item: unknown): PromotionalSlider | null =>
  isRecord(item) ? { id: String(item.id ?? ''), created_at: text(item.created_at), file: isRecord(item.file) ? item.file : null } : null;

export const readTestimonial = (item: unknown): PromotionalTestimonial | null =>
  isRecord(item) ? { id: String(item.id ?? ''), created_at: text(item.created_at), name: text(item.name), text: text(item.text) } : null;

const items = <T>(value: unknown, read: (item: unknown) => T | null): T[] =>
  Array.isArray(value) ? value.map(read).filter((item): item is T => item !== null) : [];

export function readPromotional(data: unknown): PromotionalData {
  const d = isRecord(data) ? data : {};
  return {
    logo: section(d.logo),
    banner: section(d.banner),
    about: section(d.about),
    how_it_works: section(d.how_it_works),
    sliders: items(d.sliders, readSlider),
    testimonials: items(d.testimonials, readTestimonial),
  };
}
