import { isSafeUrl, isSitePath, sanitizeHtml, stripTags } from './sanitize-html';

describe('sanitizeHtml keeps the editor’s formatting', () => {
  it.each([
    ['<p>你好，<strong>老师</strong></p>', '<p>你好，<strong>老师</strong></p>'],
    ['<h2>标题</h2><ul><li>一</li><li>二</li></ul>', '<h2>标题</h2><ul><li>一</li><li>二</li></ul>'],
    ['<p style="color: red; text-align: center">x</p>', '<p style="color:red;text-align:center">x</p>'],
    ['<a href="https://example.edu.cn/a?x=1&amp;y=2" target="_blank">链接</a>', '<a href="https://example.edu.cn/a?x=1&amp;y=2" target="_blank" rel="noopener noreferrer">链接</a>'],
    ['<a href="/account/center">站内</a>', '<a href="/account/center">站内</a>'],
    ['<img src="/sys/common/static/a.png" alt="图">', '<img src="/sys/common/static/a.png" alt="图" />'],
    ['<table><tr><td colspan="2">格</td></tr></table>', '<table><tr><td colspan="2">格</td></tr></table>'],
    ['a &amp; b &lt; c &nbsp;', 'a &amp; b &lt; c \u00a0'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
    ['<p>line<br/>two</p>', '<p>line<br />two</p>'],
  ])('%s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});

describe('sanitizeHtml removes everything that can run code', () => {
  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT SRC=//x.js></SCRIPT>ok', 'ok'],
    ['<script>document.write("</scr"+"ipt>")</script>ok', 'ok'],
    ['<script>a</script >b</script>ok', 'bok'],
    ['<style>body{display:none}</style>ok', 'ok'],
    ['<iframe src="https://evil"></iframe>ok', 'ok'],
    ['<svg><script>alert(1)</script><circle/></svg>ok', 'ok'],
    ['<img src=x onerror=alert(1)>', '<img src="x" />'],
    ['<img src="javascript:alert(1)">', '<img />'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<p onclick="alert(1)" class="x">x</p>', '<p>x</p>'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
    ['<!-- <script>alert(1)</script> -->ok', 'ok'],
    ['<![CDATA[<script>]]>ok', 'ok'],
    ['<form action="/x"><input name="a"><button>提交</button></form>', '提交'],
    ['<object data="x"><param name="a"></object>ok', 'ok'],
    ['<a href="x" target="_top">x</a>', '<a href="x">x</a>'],
    ['<p title="a&quot; onmouseover=&quot;alert(1)">x</p>', '<p title="a&quot; onmouseover=&quot;alert(1)">x</p>'],
    ['<p title=\'x\' title="y">x</p>', '<p title="x">x</p>'],
  ])('%s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('balances tags so content cannot close the page around it', () => {
    expect(sanitizeHtml('</div></div><p><b>x')).toBe('<p><b>x</b></p>');
    expect(sanitizeHtml('<ul><li>a</ul>b')).toBe('<ul><li>a</li></ul>b');
  });

  it('never lets a raw < through, whatever the input', () => {
    const nasty = ['<<script>a</script>', '<a <b>', '<img src="x" <script>', '<p/onclick=alert(1)>x', '<a\nhref="javascript:x">y</a>', '<'];
    for (const s of nasty) {
      const out = sanitizeHtml(s);
      expect(out).not.toMatch(/<(?!\/?(p|a|b|img)[ >])/);
      expect(out).not.toMatch(/on\w+=|javascript/i);
    }
  });

  it('handles empty and nullish input', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });
});

describe('stripTags (titles)', () => {
  it.each([
    ['期末考试安排', '期末考试安排'],
    ['<script>alert(1)</script>期末', '期末'],
    ['<b>加粗</b>标题', '加粗标题'],
    ['a < b & c', 'a < b & c'],
    ['<img src=x onerror=alert(1)>通知', '通知'],
    ['x<!-- c -->y', 'xy'],
  ])('%s → %s', (input, expected) => {
    expect(stripTags(input)).toBe(expected);
  });
});

describe('helpers', () => {
  it('keeps a safe base64 raster image', () => {
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
  });
  it.each([
    ['https://a.b/c', true],
    ['//evil.example/x', false],
    ['/isps/userAnnouncement', true],
    ['mailto:a@b.c', true],
    ['javascript:alert(1)', false],
    [' java\nscript:alert(1)', false],
    ['\\\\evil', false],
    ['', false],
  ])('isSafeUrl(%j) = %p', (url, ok) => {
    expect(isSafeUrl(url)).toBe(ok);
  });
});

describe('isSitePath', () => {
  it.each([
    ['/isps/userAnnouncement', true],
    ['/account/settings/security?tab=1#x', true],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['https://evil.example', false],
    ['javascript:alert(1)', false],
    ['account', false],
    ['/a b', false],
  ])('%j → %p', (p, ok) => {
    expect(isSitePath(p)).toBe(ok);
  });
});
