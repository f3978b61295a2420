import { isSafeUrl, sanitizeHtml } from './sanitize-html';

/** What components/editor produces must survive the server's sanitiser unchanged in meaning. */
describe('sanitizeHtml keeps what the rich text editor toolbar produces', () => {
  it.each([
    ['<h1>一</h1><h2>二</h2><h3>三</h3>', '<h1>一</h1><h2>二</h2><h3>三</h3>'],
    ['<ul><li><p>a</p></li></ul><ol><li><p>b</p></li></ol>', '<ul><li><p>a</p></li></ul><ol><li><p>b</p></li></ol>'],
    ['<blockquote><p>引用</p></blockquote>', '<blockquote><p>引用</p></blockquote>'],
    ['<pre><code class="language-js">a &lt; b</code></pre>', '<pre><code>a &lt; b</code></pre>'],
    ['<hr>', '<hr />'],
    ['<p><strong>b</strong><em>i</em><u>u</u><s>s</s></p>', '<p><strong>b</strong><em>i</em><u>u</u><s>s</s></p>'],
    ['<p><span style="font-size: 24px">大</span></p>', '<p><span style="font-size:24px">大</span></p>'],
    [
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.edu.cn">链接</a></p>',
      '<p><a target="_blank" href="https://example.edu.cn" rel="noopener noreferrer">链接</a></p>',
    ],
    ['<p><a href="mailto:office@example.edu.cn">邮件</a></p>', '<p><a href="mailto:office@example.edu.cn">邮件</a></p>'],
    ['<img src="/jeecg-boot/sys/common/static/notice/a.png">', '<img src="/jeecg-boot/sys/common/static/notice/a.png" />'],
    ['<img src="https://example.edu.cn/a.jpg">', '<img src="https://example.edu.cn/a.jpg" />'],
    ['<video src="https://example.edu.cn/a.mp4" controls="controls"></video>', '<video src="https://example.edu.cn/a.mp4" controls="controls"></video>'],
    ['<audio src="/jeecg-boot/sys/common/static/a.mp3" controls="controls"></audio>', '<audio src="/jeecg-boot/sys/common/static/a.mp3" controls="controls"></audio>'],
  ])('%s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});

describe('audio and video stay players of a plain source', () => {
  it.each([
    ['<video src="javascript:alert(1)"></video>', '<video controls="controls"></video>'],
    ['<video src="data:video/mp4;base64,AAAA"></video>', '<video controls="controls"></video>'],
    ['<audio src="data:image/png;base64,AAAA"></audio>', '<audio controls="controls"></audio>'],
    ['<video src="//evil.example/a.mp4"></video>', '<video controls="controls"></video>'],
    ['<video src="https://a.cn/a.mp4" autoplay onplay="alert(1)" poster="https://a.cn/p.png"></video>', '<video src="https://a.cn/a.mp4" controls="controls"></video>'],
    ['<video src="https://a.cn/a.mp4"><source src="https://a.cn/b.mp4"><track src="x"></video>', '<video src="https://a.cn/a.mp4" controls="controls"></video>'],
  ])('%s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('media URLs: http(s) and paths only, no inline data', () => {
    expect(isSafeUrl('https://a.cn/a.mp4', 'media')).toBe(true);
    expect(isSafeUrl('/jeecg-boot/sys/common/static/a.mp3', 'media')).toBe(true);
    expect(isSafeUrl('data:image/png;base64,AAAA', 'media')).toBe(false);
    expect(isSafeUrl('mailto:a@b.cn', 'media')).toBe(false);
    expect(isSafeUrl('javascript:alert(1)', 'media')).toBe(false);
  });
});
