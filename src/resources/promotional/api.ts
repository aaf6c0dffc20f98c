import { apiFetch } from '../../providers/http';
import type { StoredFile } from '../common/MediaInput';

/**
 * The promotional calls (spec 1 section 7): one combined read, the four section stores, and the
 * sliders and testimonials added and deleted. Files go as multipart form data (a File in the values).
 */
export type SectionKey = 'logo' | 'banner' | 'about' | 'how_it_works';
export type SectionValues = Record<string, string | StoredFile | null>;

export interface Slider {
  id: string;
  path: string | null;
  file_type: string;
  file: StoredFile | null;
  created_at: string;
}
export interface Testimonial {
  id: string;
  name: string;
  text: string;
  created_at: string;
}
export interface PromotionalData {
  logo: SectionValues | null;
  banner: SectionValues | null;
  about: SectionValues | null;
  how_it_works: SectionValues | null;
  sliders: Slider[];
  testimonials: Testimonial[];
}

export const PROMOTIONAL_QUERY_KEY = ['promotional'] as const;

/** The path segment of each section's store call. */
export const SECTION_PATHS: Record<SectionKey, string> = { logo: 'logo', banner: 'banner', about: 'about', how_it_works: 'how-it-works' };

export const getPromotional = async (signal?: AbortSignal) => (await apiFetch<PromotionalData>('/promotional', { signal })).data;

export const storeSection = async (section: SectionKey, body: Record<string, unknown>, onUploadProgress?: (percent: number) => void) =>
  apiFetch<SectionValues>(`/promotional/${SECTION_PATHS[section]}/store`, { method: 'POST', body, onUploadProgress });

export const addSlider = (file: File) => apiFetch<Slider>('/promotional/slider/store', { method: 'POST', body: { file } });
export const deleteSlider = (id: string) => apiFetch(`/promotional/slider/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const addTestimonial = (body: { name: string; text: string }) => apiFetch<Testimonial>('/promotional/testimonial/store', { method: 'POST', body });
export const deleteTestimonial = (id: string) => apiFetch(`/promotional/testimonial/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The public landing site, which the screen links to as a preview. */
export const SITE_PATH = '/site';
