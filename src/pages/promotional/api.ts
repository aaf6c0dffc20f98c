import type { PromotionalSection, PromotionalSlider, PromotionalTestimonial, PromotionalValues } from '../../providers/promotional';

/**
 * The promotional screen's shapes; its calls are the data provider's (getPromotional,
 * savePromotionalSection, addPromotionalItem, deletePromotionalItem).
 */
export type SectionKey = PromotionalSection;
export type SectionValues = PromotionalValues;
export type Slider = PromotionalSlider;
export type Testimonial = PromotionalTestimonial;
export type { PromotionalData } from '../../providers/promotional';

export const PROMOTIONAL_QUERY_KEY = ['promotional'] as const;

/** The public landing site, which the screen links to as a preview. */
export const SITE_PATH = '/site';
