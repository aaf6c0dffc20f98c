import { useEffect, useRef } from 'react';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { styled } from '@mui/material/styles';
import { Form, Toolbar, useNotify, useResourceContext, useTranslate, type SimpleFormProps } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { errorPaths, errorText, isShown, UnshownErrors } from './UnshownErrors';

/** What a refused input shows and takes the focus: its own control, not the hidden native input of a select. */
const FOCUSABLE = [
  'input:not([type="hidden"]):not([aria-hidden="true"]):not([disabled])',
  'textarea:not([disabled])',
  '[role="combobox"]:not([aria-disabled="true"])',
  '[contenteditable="true"]',
  'button:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The element that shows the field at `path`: react-admin's wrapper of the input (`ra-input-<source>`), else the input by name or id. */
export function fieldElement(form: ParentNode, path: string): HTMLElement | null {
  const quoted = path.replace(/["\\]/g, '\\$&');
  return form.querySelector<HTMLElement>(`[class~="ra-input-${quoted}"]`) ?? form.querySelector<HTMLElement>(`[name="${quoted}"]`) ?? form.querySelector<HTMLElement>(`[id="${quoted}"]`);
}

/** Where the focus goes in a field's element: the element itself when it takes it, else its first control. */
export function focusTarget(element: HTMLElement): HTMLElement {
  if (element.matches(FOCUSABLE)) return element;
  const box = element.closest<HTMLElement>('.MuiFormControl-root, .ra-input') ?? element;
  return box.querySelector<HTMLElement>(FOCUSABLE) ?? element.querySelector<HTMLElement>(FOCUSABLE) ?? element;
}

/** The text of a field's label as the form shows it, without the required marker. */
export function labelText(element: HTMLElement, target: HTMLElement): string {
  const labels = (target as HTMLInputElement).labels;
  const byFor = labels?.length ? labels[0]!.textContent : null;
  const labelledBy = target.getAttribute('aria-labelledby');
  const byId = labelledBy ? document.getElementById(labelledBy.split(/\s+/)[0]!)?.textContent : null;
  const box = element.closest('.MuiFormControl-root, .ra-input') ?? element;
  const byBox = box.querySelector('label, legend, .MuiFormLabel-root, .RaLabeled-label')?.textContent;
  const text = byFor ?? byId ?? byBox ?? '';
  return text.replace(/[\s*\u2009\u200a\u200b]+$/u, '').trim();
}

/** `a` comes before `b` in the page. */
const before = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

/**
 * A refused save, whether the form's own rules or the server refused it: the focus moves to the first
 * field in error as the form shows them (not the order of the rules), the page scrolls it into view,
 * and the message names it ("Check “Password”: …", and how many others wait) instead of react-admin's
 * "Please fill the required fields in correct format!". A refusal of a field the form does not show
 * (`UnshownErrors`) takes the focus to that alert.
 */
export const FirstErrorFocus = ({ invalid }: { invalid?: string }) => {
  const anchor = useRef<HTMLSpanElement>(null);
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext();
  const { control } = useFormContext();
  const { submitCount, errors } = useFormState({ control });
  const seen = useRef(submitCount);
  useEffect(() => {
    if (submitCount <= seen.current) return;
    seen.current = submitCount;
    const paths = errorPaths(errors).filter(([path]) => path !== 'root.serverError');
    const serverError = errors.root?.serverError?.message;
    if (!paths.length) {
      if (typeof serverError === 'string' && serverError) notify(serverError, { type: 'error' });
      else if (Object.keys(errors).length) notify(invalid ?? 'ra.message.invalid_form', { type: 'error' });
      return;
    }
    // after the inputs have drawn their errors (not cancelled when the errors change meanwhile: this submit is seen)
    requestAnimationFrame(() => {
      if (!anchor.current) return; // the form is gone
      const form = anchor.current.closest('form') ?? document;
      const mounted = control._names.mount;
      const placed = paths.map(([path, message]) => {
        const element = isShown(path, mounted) ? fieldElement(form, path) : form.querySelector<HTMLElement>('[data-unshown-errors]');
        return { field: path, message, element };
      });
      const first = placed.filter((p) => p.element).sort((a, b) => (before(a.element!, b.element!) ? -1 : before(b.element!, a.element!) ? 1 : 0))[0] ?? placed[0]!;
      const target = first.element ? focusTarget(first.element) : null;
      // the form field in error (its top-level name), not a stored file's path
      const field = first.field.split('.')[0]!;
      const shownLabel = first.element && target && first.element.dataset.unshownErrors === undefined ? labelText(first.element, target) : '';
      const label = shownLabel || translate(`resources.${resource ?? ''}.fields.${field}`, { _: field.replace(/_/g, ' ') });
      if (target) {
        target.scrollIntoView?.({ block: 'center' });
        target.focus({ preventScroll: true });
      }
      const message = errorText(first.message, translate);
      const others = paths.length - 1;
      // a module's own words for it where the spec gives them
      if (invalid) notify(invalid, { type: 'error' });
      else notify(others ? 'app.form.check_field_more' : 'app.form.check_field', { type: 'error', messageArgs: { field: label, message, smart_count: others } });
    });
  }, [submitCount, errors, control, notify, translate, resource, invalid]);
  return <span ref={anchor} hidden />;
};

/** SimpleForm's card, under its name (a theme's RaSimpleForm overrides apply): room below on a phone for the floating toolbar. */
const FormBody = styled(CardContent, { name: 'RaSimpleForm', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  [theme.breakpoints.down('sm')]: { paddingBottom: '5em' },
}));

/**
 * Every form of the console: react-admin's SimpleForm, laid out as it is, with the shells' error
 * handling: a server's refusal of a field the form does not show (`UnshownErrors`) and a refused save
 * that leads to its first field (`FirstErrorFocus`, in place of react-admin's notice). Built on
 * react-admin's Form, as SimpleForm is, because SimpleForm hands `disableInvalidFormNotification` on to
 * its Stack (a DOM element) too. Screens build forms with this, not with SimpleForm itself (a test holds
 * them to it). `invalid`: a module's own toast for a refused save (an i18n key) where the spec gives one,
 * in place of the one that names the field (the focus still goes to it).
 */
export const ConsoleForm = ({ children, className, component: Body = FormBody, sx, toolbar = <Toolbar />, invalid, ...rest }: SimpleFormProps & { invalid?: string }) => (
  <Form {...rest} disableInvalidFormNotification>
    <Body className={className} sx={sx}>
      <Stack sx={{ alignItems: 'flex-start' }}>
        <UnshownErrors />
        <FirstErrorFocus invalid={invalid} />
        {children}
      </Stack>
    </Body>
    {toolbar}
  </Form>
);
