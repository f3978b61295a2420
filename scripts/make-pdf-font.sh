#!/usr/bin/env bash
# Rebuilds server/assets/fonts/NotoSansSC-Regular-subset.otf, the font 招生简章's PDF embeds (issue #26; pdfkit subsets it
# again per document). Needs Debian's fonts-noto-cjk and fontTools (pyftsubset). The subset is GB 2312 (7,445
# characters) plus Latin-1, general punctuation, arrows, enclosed numbers, shapes, CJK symbols and full-width
# forms: 1.6 MB instead of the collection's 19 MB, and it ships with the code so a container needs no system font.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c '
chars = set()
for b1 in range(0xA1, 0xF8):
    for b2 in range(0xA1, 0xFF):
        try: chars.add(bytes([b1, b2]).decode("gb2312"))
        except UnicodeDecodeError: pass
open("/tmp/gb2312.txt", "w").write("".join(sorted(chars)))
'
# Font number 2 of the collection is Noto Sans CJK SC.
pyftsubset /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc --font-number=2 --text-file=/tmp/gb2312.txt \
  --unicodes="U+0020-007E,U+00A0-00FF,U+2000-206F,U+2190-21FF,U+2460-24FF,U+25A0-25FF,U+3000-303F,U+FF00-FFEF" \
  --layout-features='' --no-hinting --output-file=server/assets/fonts/NotoSansSC-Regular-subset.otf
