import { render } from '@testing-library/react';
import { isFileValue, kindOfStored, MediaPreview, type FileValue } from '../MediaInput';

/** A stored file is react-admin's { src, title }: its kind by the MIME type the provider gives, else by its title's extension. */
describe('stored files in the screens', () => {
  it('knows a stored file by its src, not a chosen one nor the server’s own object', () => {
    expect(isFileValue({ src: '/storage/a.png', title: 'a.png' })).toBe(true);
    expect(isFileValue({ rawFile: new File(['x'], 'x.png'), src: 'blob:x', title: 'x.png' })).toBe(false);
    expect(isFileValue({ path: '/storage/a.png', type: 'image', mimeType: 'image/png' })).toBe(false);
    expect(isFileValue('/storage/a.png')).toBe(false);
    expect(isFileValue(null)).toBe(false);
  });

  it('tells its kind by the MIME type, else by the title', () => {
    expect(kindOfStored({ src: '/api/admin/files/claim.signature', title: 'claim.signature', type: 'video/mp4' })).toBe('video');
    expect(kindOfStored({ src: '/storage/a.JPG', title: 'a.JPG' })).toBe('image');
    expect(kindOfStored({ src: '/storage/b.mp3', title: 'b.mp3' })).toBe('audio');
    expect(kindOfStored({ src: '/storage/c.pdf', title: 'c.pdf', type: 'application/pdf' })).toBe('pdf');
    expect(kindOfStored({ src: '/storage/d.csv', title: 'd.csv', type: 'text/csv' })).toBe('file');
    // a backend that gives no title: its link's extension
    expect(kindOfStored({ src: 'https://cdn.example/e.mp4?sig=1' } as FileValue)).toBe('video');
  });

  it('shows an image, a player or a link at its src', () => {
    const { container, rerender } = render(<MediaPreview file={{ src: '/storage/a.png', title: 'a.png' }} label="Photo" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/storage/a.png');
    rerender(<MediaPreview file={{ src: '/api/admin/files/v.sig', title: 'v.sig', type: 'video/mp4' }} label="Video" />);
    expect(container.querySelector('video')?.getAttribute('src')).toBe('/api/admin/files/v.sig');
    rerender(<MediaPreview file={{ src: '/storage/r.pdf', title: 'r.pdf', type: 'application/pdf' }} label="Report" />);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/storage/r.pdf');
  });
});
