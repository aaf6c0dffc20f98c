import { useEffect, useRef } from 'react';
import { SelectInput, TextInput, required } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { HLC_TYPES, type HlcType } from '../../../contract/enums';
import { ChunkedUploadInput } from '../common/ChunkedUploadInput';
import { isFileValue, kindOfStored, MediaInput, type MediaKind } from '../common/MediaInput';
import { ReferenceSelect } from '../common/ReferenceSelect';
import { TagsInput } from './TagsInput';

export const K = 'resources.health-literacy-content';
export const HLC_TYPE_CHOICES = HLC_TYPES.map((t) => ({ id: t, name: `${K}.types.${t}` }));

/** What each type's file may be (spec 3 section 5); the server checks the content again. */
export const KINDS_OF: Record<HlcType, readonly MediaKind[]> = { image: ['image'], pdf: ['pdf'], video: ['video'] };
const EXTENSIONS: Record<string, MediaKind> = { jpg: 'image', jpeg: 'image', png: 'image', pdf: 'pdf', mp4: 'video' };

const isType = (value: unknown): value is HlcType => typeof value === 'string' && (HLC_TYPES as readonly string[]).includes(value);

/** The kind of the file a field holds: a stored file's ({ src, title }), or a chunked upload's link by its extension; null while uploading or empty. */
export function kindOfValue(value: unknown): MediaKind | null {
  if (isFileValue(value)) {
    const kind = kindOfStored(value);
    return kind === 'file' ? null : kind;
  }
  if (typeof value === 'string' && value.includes('.')) return EXTENSIONS[value.slice(value.lastIndexOf('.') + 1).toLowerCase()] ?? null;
  return null;
}
const WIDTH = { maxWidth: 560 } as const;
const isUploading = (value: unknown) => typeof value === 'object' && value !== null && 'uploading' in value;

/** Changing the type clears a file of another kind (and a video's thumbnail when it is no video any more). */
const TypeFollower = () => {
  const type: unknown = useWatch({ name: 'type' });
  const { getValues, setValue } = useFormContext();
  const previous = useRef(type);
  useEffect(() => {
    if (previous.current === type) return;
    previous.current = type;
    const file: unknown = getValues('file');
    const kind = kindOfValue(file);
    if (file != null && file !== '' && !isUploading(file) && (!isType(type) || !kind || !KINDS_OF[type].includes(kind))) {
      setValue('file', null, { shouldDirty: true });
    }
  }, [type, getValues, setValue]);
  return null;
};

/**
 * Add and edit (spec 3): the type first, since it decides what the file may be; the file goes up in
 * 5 MB chunks as soon as it is chosen (Submit waits for 100 %); a video also takes a thumbnail image.
 */
export const ContentInputs = () => {
  const type: unknown = useWatch({ name: 'type' });
  const file: unknown = useWatch({ name: 'file' });
  const chosen = isType(type) ? type : null;
  return (
    <>
      <SelectInput source="type" choices={HLC_TYPE_CHOICES} validate={required(`${K}.validation.type_required`)} sx={WIDTH} fullWidth
        // read-only, not disabled, under a running upload: react-hook-form leaves a disabled field's value
        // out of the form's values, and the file input is chosen by the type
        InputProps={{ readOnly: isUploading(file) }}
      />
      <TypeFollower />
      <ReferenceSelect source="category_id" reference="categories" validate={required(`${K}.validation.category_required`)} sx={WIDTH} fullWidth />
      <TextInput source="title" validate={required(`${K}.validation.title_required`)} sx={WIDTH} fullWidth />
      <TextInput source="desc" multiline minRows={3} validate={required(`${K}.validation.desc_required`)} sx={WIDTH} fullWidth />
      <TagsInput source="tags" requiredMessage={`${K}.validation.tags_required`} />
      {chosen ? (
        <ChunkedUploadInput
          key={chosen}
          source="file"
          kinds={KINDS_OF[chosen]}
          folder="health_literacy_contents"
          chunkSizeMb={5}
          formatMessage={`${K}.validation.format_${chosen}`}
          requiredMessage={`${K}.validation.file_required`}
        />
      ) : null}
      {chosen === 'video' ? (
        <MediaInput
          source="thumbnail"
          kinds={['image']}
          formatMessage={`${K}.validation.format_image`}
          requiredMessage={`${K}.validation.thumbnail_required`}
        />
      ) : null}
    </>
  );
};
