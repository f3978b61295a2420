import {
  checkImageUrl, checkLinkUrl, checkMediaUrl, extensionOf, FILE_URL_MESSAGE, FONT_SIZES, IMAGE_TYPE_MESSAGE, isKeptImageSrc, LINK_MESSAGE, MEDIA_TYPE_MESSAGE,
  normalizeFontSize, sameHtml,
} from '../rich-text-rules';

describe('links', () => {
  it.each(['https://example.edu.cn/a?x=1', 'http://example.edu.cn', 'mailto:office@example.edu.cn', '  HTTPS://Example.edu.cn  '])('accepts %s', (url) => {
    expect(checkLinkUrl(url)).toEqual({ ok: true, url: url.trim() });
  });

  it.each([
    'javascript:alert(1)', 'JavaScript:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'tel:123',
    '/account/center', '//evil.example', 'example.edu.cn', 'https://', 'mailto:', 'https://a b.cn', '',
  ])('refuses %s', (url) => {
    expect(checkLinkUrl(url)).toEqual({ ok: false, message: LINK_MESSAGE });
  });
});

describe('images by URL (png, jpg, jpeg)', () => {
  it.each(['https://example.edu.cn/a.png', 'http://example.edu.cn/b.JPG?x=1', '/jeecg-boot/sys/common/static/notice/c.jpeg', '/jeecg-boot/sys/common/static/%E5%9B%BE.png'])('accepts %s', (url) => {
    expect(checkImageUrl(url).ok).toBe(true);
  });

  it.each(['https://example.edu.cn/a.gif', 'https://example.edu.cn/a', 'https://example.edu.cn/a.svg', '/jeecg-boot/sys/common/static/a.webp'])('refuses the type of %s', (url) => {
    expect(checkImageUrl(url)).toEqual({ ok: false, message: IMAGE_TYPE_MESSAGE });
  });

  it.each([
    'javascript:alert(1)//a.png', 'data:image/png;base64,AAAA', '/other/a.png', '/jeecg-boot/sys/common/static/../../etc/a.png', '/jeecg-boot/sys/common/static/%2e%2e/a.png',
    '//evil.example/a.png', 'ftp://example.edu.cn/a.png', 'a.png',
  ])('refuses the place of %s', (url) => {
    expect(checkImageUrl(url)).toEqual({ ok: false, message: FILE_URL_MESSAGE });
  });
});

describe('audio and video by URL', () => {
  it.each([
    ['https://a.cn/v.mp4', 'video'], ['https://a.cn/v.MOV', 'video'], ['https://a.cn/v.rmvb', 'video'], ['https://a.cn/v.avi', 'video'],
    ['https://a.cn/a.mp3', 'audio'], ['https://a.cn/a.acc', 'audio'], ['https://a.cn/a.wav', 'audio'], ['https://a.cn/a.flac', 'audio'], ['https://a.cn/a.ogg', 'audio'], ['/jeecg-boot/sys/common/static/a.ape', 'audio'],
  ])('%s is %s', (url, kind) => {
    expect(checkMediaUrl(url)).toEqual({ ok: true, url: { src: url, kind } });
  });

  it('refuses other types and places', () => {
    expect(checkMediaUrl('https://a.cn/a.webm')).toEqual({ ok: false, message: MEDIA_TYPE_MESSAGE });
    expect(checkMediaUrl('javascript:x.mp4')).toEqual({ ok: false, message: FILE_URL_MESSAGE });
  });

  it('the extension ignores query and fragment', () => {
    expect(extensionOf('https://a.cn/x/y.MP4?t=1#a')).toBe('mp4');
    expect(extensionOf('https://a.cn/x.y/z')).toBe('');
  });
});

it('font sizes run from 12 to 72px', () => {
  expect(FONT_SIZES[0]).toBe('12px');
  expect(FONT_SIZES[FONT_SIZES.length - 1]).toBe('72px');
  expect(normalizeFontSize('24px')).toBe('24px');
  expect(normalizeFontSize('11px')).toBeNull();
  expect(normalizeFontSize('73px')).toBeNull();
  expect(normalizeFontSize('2em')).toBeNull();
});

it('pasted images keep safe sources only', () => {
  expect(isKeptImageSrc('https://a.cn/x')).toBe(true);
  expect(isKeptImageSrc('/jeecg-boot/sys/common/static/a.gif')).toBe(true);
  expect(isKeptImageSrc('data:image/png;base64,AAAA')).toBe(false);
  expect(isKeptImageSrc('javascript:alert(1)')).toBe(false);
});

it('an empty paragraph is the same as nothing', () => {
  expect(sameHtml('', '<p></p>')).toBe(true);
  expect(sameHtml(undefined, '')).toBe(true);
  expect(sameHtml('<p>a</p>', '<p></p>')).toBe(false);
});
