/**
 * The public landing site at /site: what staff wrote on the console's Promotional screen (logo,
 * banner, about, slider, how it works, testimonials) and the privacy policy, terms and FAQs. Plain
 * DOM, no framework: it reads /api/public/promotional, /api/public/pages/{key} and /api/public/faqs.
 * Text goes in as text; the pages' and FAQs' rich text only as the HTML the server sanitised.
 */
import './site.css';

interface StoredFile {
  path: string;
  type: string;
}
type Section = Record<string, string | StoredFile | null>;
interface Promotional {
  logo: { file: StoredFile | null } | null;
  banner: Section | null;
  about: Section | null;
  how_it_works: Section | null;
  sliders: { id: string; path: string | null }[];
  testimonials: { id: string; name: string; text: string }[];
}
interface Faq {
  id: string;
  question: string;
  answer: string;
}

const SITE = '/site';
const PAGES: Record<string, { key: string; title: string }> = {
  'privacy-policy': { key: 'privacy_policy', title: 'Privacy Policy' },
  terms: { key: 'terms', title: 'Terms & Conditions' },
};
const BRAND = 'Health programme';

type Child = Node | string | null | undefined | false;

/** An element with attributes and children; strings become text nodes (never HTML). */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) if (child) el.append(child);
  return el;
}

/** Only our own stored files (a path on this origin). */
const fileUrl = (value: unknown): string | null => {
  const path = value && typeof value === 'object' && 'path' in value ? (value as StoredFile).path : null;
  return typeof path === 'string' && path.startsWith('/storage/') ? path : null;
};
const text = (section: Section | null, field: string): string => {
  const value = section?.[field];
  return typeof value === 'string' ? value : '';
};

async function read<T>(path: string): Promise<T | null> {
  try {
    // revalidated on every visit (a 304 when unchanged): staff who just saved see their change at once
    const res = await fetch(path, { headers: { accept: 'application/json' }, cache: 'no-cache' });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: T };
    return body.data ?? null;
  } catch {
    return null;
  }
}

function image(src: string | null, alt: string, cls: string): HTMLImageElement | null {
  if (!src) return null;
  return h('img', { src, alt, class: cls, loading: 'lazy', decoding: 'async' });
}

/* ---------- the home page ---------- */

function banner(b: Section | null, more: boolean): HTMLElement | null {
  if (!b) return null;
  const section = h('section', { class: 'hero', 'aria-labelledby': 'hero-title' });
  const background = fileUrl(b.background_image);
  if (background) section.style.backgroundImage = `url("${background}")`;
  const center = image(fileUrl(b.center_image), '', 'hero-center');
  center?.removeAttribute('loading');
  const person = image(fileUrl(b.person_image), '', 'hero-person');
  person?.removeAttribute('loading');
  section.append(
    h('div', { class: 'wrap hero-inner' },
      h('div', { class: 'hero-text' }, center, h('h1', { id: 'hero-title' }, text(b, 'desc')), more && h('a', { class: 'button', href: '#about' }, 'Learn more')),
      person,
    ),
  );
  return section;
}

function about(a: Section | null): HTMLElement | null {
  if (!a) return null;
  const boxes = [1, 2, 3, 4].map((n) =>
    h('li', { class: 'card' },
      image(fileUrl(a[`box_${n}_file`]), text(a, `box_${n}_title`), 'card-img'),
      h('h3', {}, text(a, `box_${n}_title`)),
      h('p', {}, text(a, `box_${n}_desc`)),
    ),
  );
  const analytics = [1, 2, 3, 4].map((n) =>
    h('div', { class: 'figure' }, h('dt', {}, text(a, `box_analytic_${n}_key`)), h('dd', {}, text(a, `box_analytic_${n}_value`))),
  );
  return h('section', { id: 'about', class: 'band', 'aria-labelledby': 'about-title' },
    h('div', { class: 'wrap' },
      h('p', { class: 'eyebrow' }, text(a, 'title')),
      h('h2', { id: 'about-title' }, text(a, 'heading')),
      h('p', { class: 'lead' }, text(a, 'desc')),
      h('ul', { class: 'cards' }, ...boxes),
      h('dl', { class: 'figures' }, ...analytics),
    ),
  );
}

function slider(slides: Promotional['sliders']): HTMLElement | null {
  const shown = slides.filter((s) => s.path?.startsWith('/storage/'));
  if (!shown.length) return null;
  const track = h('ul', { class: 'slides', tabindex: '0', 'aria-label': 'Gallery, scroll sideways' },
    ...shown.map((s, i) => h('li', { class: 'slide' }, image(s.path, `Gallery image ${i + 1} of ${shown.length}`, 'slide-img'))),
  );
  const step = (dir: number) => () => {
    const rtl = getComputedStyle(track).direction === 'rtl' ? -1 : 1;
    track.scrollBy({ left: dir * rtl * track.clientWidth, behavior: 'smooth' });
  };
  const prev = h('button', { type: 'button', class: 'slide-btn', 'aria-label': 'Previous image' }, '‹');
  const next = h('button', { type: 'button', class: 'slide-btn', 'aria-label': 'Next image' }, '›');
  prev.addEventListener('click', step(-1));
  next.addEventListener('click', step(1));
  return h('section', { class: 'band', 'aria-labelledby': 'gallery-title' },
    h('div', { class: 'wrap' },
      h('h2', { id: 'gallery-title' }, 'Gallery'),
      h('div', { class: 'slider' }, track, shown.length > 1 ? h('div', { class: 'slide-controls' }, prev, next) : null),
    ),
  );
}

function howItWorks(w: Section | null): HTMLElement | null {
  if (!w) return null;
  const src = fileUrl(w.video);
  const video = src ? h('video', { class: 'video', src, controls: '', preload: 'metadata', playsinline: '', 'aria-label': text(w, 'title') }) : null;
  return h('section', { id: 'how-it-works', class: 'band', 'aria-labelledby': 'how-title' },
    h('div', { class: 'wrap split' },
      h('div', {}, h('h2', { id: 'how-title' }, text(w, 'title')), h('p', { class: 'lead' }, text(w, 'desc'))),
      video,
    ),
  );
}

function testimonials(list: Promotional['testimonials']): HTMLElement | null {
  if (!list.length) return null;
  return h('section', { id: 'testimonials', class: 'band', 'aria-labelledby': 'voices-title' },
    h('div', { class: 'wrap' },
      h('h2', { id: 'voices-title' }, 'What people say'),
      h('ul', { class: 'quotes' },
        ...list.map((t) => h('li', {}, h('figure', { class: 'quote' }, h('blockquote', {}, h('p', {}, t.text)), h('figcaption', {}, t.name)))),
      ),
    ),
  );
}

function home(data: Promotional | null): Child[] {
  if (!data) return [h('p', { class: 'wrap status' }, 'The site could not be loaded. Please try again later.')];
  const sections = [banner(data.banner, Boolean(data.about)), about(data.about), slider(data.sliders), howItWorks(data.how_it_works), testimonials(data.testimonials)];
  if (sections.every((s) => !s)) return [h('p', { class: 'wrap status' }, 'Content is on its way.')];
  // the bands below the banner alternate their background, whichever are there
  sections.filter((s): s is HTMLElement => Boolean(s?.classList.contains('band'))).forEach((s, i) => s.classList.toggle('alt', i % 2 === 1));
  return sections;
}

/* ---------- the text pages ---------- */

/** Rich text as the server sanitised it (services/richText.ts: an allowlist), the only HTML inserted. */
/** A FAQ's question: sanitised HTML, as the server sends it. */
function summary(html: string): HTMLElement {
  const el = h('summary', {});
  el.innerHTML = html;
  return el;
}

function rich(html: string): HTMLElement {
  const div = h('div', { class: 'rich' });
  div.innerHTML = html;
  return div;
}

async function page(slug: string): Promise<Child[]> {
  const known = PAGES[slug];
  if (!known) return notFound();
  document.title = `${known.title} · ${BRAND}`;
  const data = await read<{ value: string }>(`/api/public/pages/${known.key}`);
  return [h('article', { class: 'wrap doc' }, h('h1', {}, known.title), data ? rich(data.value) : h('p', {}, 'This page has not been written yet.'))];
}

async function faqs(): Promise<Child[]> {
  document.title = `FAQs · ${BRAND}`;
  const list = (await read<Faq[]>('/api/public/faqs')) ?? [];
  return [
    h('article', { class: 'wrap doc' },
      h('h1', {}, 'Frequently asked questions'),
      list.length
        ? h('div', { class: 'faqs' }, ...list.map((f) => h('details', {}, summary(f.question), rich(f.answer))))
        : h('p', {}, 'No questions yet.'),
    ),
  ];
}

function notFound(): Child[] {
  document.title = `Not found · ${BRAND}`;
  return [h('div', { class: 'wrap doc' }, h('h1', {}, 'Page not found'), h('p', {}, h('a', { href: SITE }, 'Back to the home page')))];
}

/* ---------- the frame ---------- */

function links(container: HTMLElement, items: [string, string][], current: string) {
  const list = h('ul', {}, ...items.map(([href, label]) => {
    const a = h('a', { href }, label);
    if (href === current) a.setAttribute('aria-current', 'page');
    return h('li', {}, a);
  }));
  container.replaceChildren(list);
}

async function render() {
  const path = window.location.pathname.replace(/\/+$/, '') || SITE;
  const slug = path.startsWith(`${SITE}/`) ? path.slice(SITE.length + 1) : '';
  const main = document.getElementById('main')!;
  const promotional = read<Promotional>('/api/public/promotional');

  const nav = document.getElementById('nav')!;
  const top: [string, string][] = slug === '' ? [['#about', 'About'], ['#how-it-works', 'How it works'], ['#testimonials', 'Testimonials'], [`${SITE}/faqs`, 'FAQs']] : [[SITE, 'Home'], [`${SITE}/faqs`, 'FAQs']];
  links(nav, top, path);
  links(document.getElementById('footer-nav')!, [[`${SITE}/faqs`, 'FAQs'], [`${SITE}/privacy-policy`, 'Privacy Policy'], [`${SITE}/terms`, 'Terms & Conditions']], path);
  document.getElementById('copyright')!.textContent = `© ${new Date().getFullYear()} ${BRAND}`;

  const content = slug === '' ? home(await promotional) : slug === 'faqs' ? await faqs() : await page(slug);
  main.replaceChildren(...content.filter((c): c is Node | string => Boolean(c)));
  main.removeAttribute('aria-busy');

  // the logo, on every page
  const logo = fileUrl((await promotional)?.logo?.file);
  if (logo) document.getElementById('brand')!.replaceChildren(h('img', { src: logo, alt: BRAND, class: 'logo' }));
  if (slug === '') {
    // hide links to sections that are not there
    for (const a of nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) if (!document.getElementById(a.hash.slice(1))) a.parentElement?.remove();
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }
}

void render();
