import { downloadUrl, fetchStored, staticUrl } from '../download-file';

// jsdom has no Response: a stand-in with what the helper reads.
const respond = (body: BlobPart, status = 200) => jest.fn(async () => ({ ok: status >= 200 && status < 300, status, blob: async () => new Blob([body]) })) as unknown as typeof fetch;

describe('download helper (spec 02 §8)', () => {
  it('builds the static and download URLs, leaving http(s) values alone', () => {
    expect(staticUrl('temp/a b.png')).toBe('/jeecg-boot/sys/common/static/temp/a%20b.png');
    expect(downloadUrl('material/x.pdf')).toBe('/jeecg-boot/sys/common/download/material/x.pdf');
    expect(staticUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });

  it('未知的文件 for a missing file or a failed request', async () => {
    await expect(fetchStored('temp/none.pdf', respond('{"success":false}', 404))).rejects.toThrow('未知的文件');
    const broken = jest.fn(async () => {
      throw new TypeError('network');
    }) as unknown as typeof fetch;
    await expect(fetchStored('temp/none.pdf', broken)).rejects.toThrow('未知的文件');
  });

  it('文件下载失败 for an empty file', async () => {
    await expect(fetchStored('temp/empty.pdf', respond(new Uint8Array(0)))).rejects.toThrow('文件下载失败');
  });

  it('returns the blob otherwise', async () => {
    const blob = await fetchStored('temp/a.pdf', respond('%PDF-1.4'));
    expect(blob.size).toBe(8);
  });
});
