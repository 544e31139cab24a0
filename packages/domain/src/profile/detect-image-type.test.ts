import { describe, expect, it } from 'vitest';
import { detectImageType, isAcceptedAvatarImage } from './detect-image-type';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new Uint8Array([...value].map((ch) => ch.charCodeAt(0)));

describe('detectImageType', () => {
  it('recognises PNG', () => {
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png');
  });

  it('recognises JPEG', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg');
  });

  it('recognises GIF87a and GIF89a', () => {
    expect(detectImageType(text('GIF87a...'))).toBe('gif');
    expect(detectImageType(text('GIF89a...'))).toBe('gif');
  });

  it('recognises WebP inside a RIFF container', () => {
    expect(detectImageType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp');
    expect(detectImageType(text('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
  });

  it('recognises SVG, with or without an XML prologue or BOM', () => {
    expect(detectImageType(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('svg');
    expect(detectImageType(text('  <?xml version="1.0"?>\n<svg></svg>'))).toBe('svg');
    expect(detectImageType(new Uint8Array([0xef, 0xbb, 0xbf, ...text('<SVG>')]))).toBe('svg');
  });

  it('returns null for other or too-short bytes', () => {
    expect(detectImageType(text('%PDF-1.7'))).toBeNull();
    expect(detectImageType(bytes(0x89, 0x50))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
    expect(detectImageType(text('<?xml version="1.0"?><html/>'))).toBeNull();
  });
});

describe('isAcceptedAvatarImage', () => {
  it('accepts raster types and refuses svg and unknown', () => {
    expect(isAcceptedAvatarImage('png')).toBe(true);
    expect(isAcceptedAvatarImage('svg')).toBe(false);
    expect(isAcceptedAvatarImage(null)).toBe(false);
  });
});
