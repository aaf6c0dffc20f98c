import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  type RichTextInputProps,
} from 'ra-input-rich-text';
import { useMemo } from 'react';
import { isRequired, useTranslateLabel } from 'react-admin';

/**
 * ra-input-rich-text with an accessible editor: the editable area is named by the field's label (it is
 * a role=textbox of its own, which the label element does not name), and the toolbar leaves out the
 * heading-level select, whose list item sits outside any list and whose name stays English (axe).
 * Its label shows the asterisk of a required rule (`requiredRule`, as richTextRequired is), and the
 * editable area says it is required.
 */
/** The editable area's height (document 3 §9: "Editor height 300 px"). */
export const EDITOR_HEIGHT = 300;

const RichTextEditor = (props: RichTextInputProps) => {
  const translateLabel = useTranslateLabel();
  const name = String(translateLabel({ label: props.label, source: props.source }));
  const required = isRequired(props.validate);
  // the same object while the name stays: the editor is made again whenever its options change
  const editorOptions = useMemo(() => ({ ...DefaultEditorOptions, editorProps: { ...DefaultEditorOptions.editorProps, attributes: { 'aria-label': name, 'aria-required': String(required) } } }), [name, required]);
  return (
    <RichTextInput
      toolbar={
        <RichTextInputToolbar>
          <FormatButtons />
          <ListButtons />
          <LinkButtons />
          <QuoteButtons />
          <ClearButtons />
        </RichTextInputToolbar>
      }
      editorOptions={editorOptions}
      {...props}
      // the spec's editor is 300 px tall (document 3 §9); it grows with its text
      sx={[{ '& .ProseMirror': { minHeight: EDITOR_HEIGHT, boxSizing: 'border-box' } }, ...(Array.isArray(props.sx) ? props.sx : props.sx ? [props.sx] : [])]}
    />
  );
};

export default RichTextEditor;
