#!/usr/bin/env python3
"""Issue 41's check of the symbol compiler against Xcode's car (Scripts/compare-symbols.sh runs it).

assemble <extracted-dir> <symbol> <out.svg>
    Rebuilds a three-master SF Symbols template (template version 3) from the glyphs Xcode compiled: the paths of
    weights 1, 4 and 9 at glyph size 1 (Ultralight-S, Regular-S, Black-S) as they are in the car's documents (their
    coordinates are the template's own, the baseline at y = 0), the guides at the cap height tag 1018 gives
    (70.459 units), the right margin where tag 1018's third inset puts it, the style rules of the documents.
compare <ours-dir> <xcode-dir> <symbol>
    Compares every glyph document: the same weights and sizes, the same commands, and the largest distance between
    corresponding points of the two outlines, in points (the document's scale applied); and the viewBoxes.
"""
import os, re, sys

def glyph_file(directory, symbol, weight, size):
    return os.path.join(directory, symbol, f"{symbol}_universal_1x_deployment-5_weight-{weight}_glyph-size-{size}.svg")

def read_glyph(path):
    text = open(path, encoding="utf-8").read()
    paths = re.findall(r'<path([^>]*)/>', text)
    outlines = []
    for attributes in paths:
        d = re.search(r' d="([^"]*)"', attributes).group(1)
        cls = re.search(r' class="([^"]*)"', attributes)
        outlines.append((cls.group(1) if cls else None, d))
    style = re.search(r'<style>(.*?)</style>', text)
    viewbox = [float(v) for v in re.search(r'viewBox="([^"]*)"', text).group(1).split()]
    matrix = [float(v) for v in re.search(r'matrix\(([^)]*)\)', text).group(1).split()]
    return outlines, (style.group(1) if style else ""), viewbox, matrix

def assemble(directory, symbol, out):
    groups = []
    style = ""
    for weight, name, x in ((1, "Ultralight-S", 560), (4, "Regular-S", 1450), (9, "Black-S", 2933)):
        outlines, style, _, _ = read_glyph(glyph_file(directory, symbol, weight, 1))
        paths = "".join(f'<path{" class=%s" % chr(34) + c + chr(34) if c else ""} d="{d}"/>' for c, d in outlines)
        groups.append(f'<g id="{name}" transform="matrix(1 0 0 1 {x} 696)">{paths}</g>')
    cap = 70.459
    right = 83.13 / 1.276  # tag 1018's right inset: 16.3758 units beyond Regular-M's outline (66.7542), as small
    svg = f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">
 <defs><style>{style}</style></defs>
 <g id="Notes"><text id="template-version" transform="matrix(1 0 0 1 3036 1933)">Template v.3.0</text></g>
 <g id="Guides">
  <line id="Baseline-S" x1="263" x2="3036" y1="696" y2="696"/><line id="Capline-S" x1="263" x2="3036" y1="{696 - cap:.3f}" y2="{696 - cap:.3f}"/>
  <line id="Baseline-M" x1="263" x2="3036" y1="1126" y2="1126"/><line id="Capline-M" x1="263" x2="3036" y1="1055.54" y2="1055.54"/>
  <line id="Baseline-L" x1="263" x2="3036" y1="1556" y2="1556"/><line id="Capline-L" x1="263" x2="3036" y1="1485.54" y2="1485.54"/>
  <line id="left-margin-Regular-S" x1="1450" x2="1450" y1="600" y2="720"/>
  <line id="right-margin-Regular-S" x1="{1450 + right:.4f}" x2="{1450 + right:.4f}" y1="600" y2="720"/>
 </g>
 <g id="Symbols">{"".join(groups)}</g>
</svg>
"""
    open(out, "w", encoding="utf-8").write(svg)

def points(d):
    return re.findall(r'[A-Za-z]', d), [float(v) for v in re.findall(r'-?\d*\.?\d+(?:e-?\d+)?', d)]

def compare(ours, xcode, symbol):
    worst = 0.0
    worst_box = 0.0
    problems = 0
    for weight in range(1, 10):
        for size in range(1, 4):
            mine_path, theirs_path = glyph_file(ours, symbol, weight, size), glyph_file(xcode, symbol, weight, size)
            if not os.path.exists(mine_path) or not os.path.exists(theirs_path):
                print(f"weight {weight} size {size}: missing ({'ours' if not os.path.exists(mine_path) else 'Xcode'})")
                problems += 1
                continue
            mine, _, mine_box, mine_matrix = read_glyph(mine_path)
            theirs, _, theirs_box, theirs_matrix = read_glyph(theirs_path)
            distance = 0.0
            for (_, a), (_, b) in zip(mine, theirs):
                letters_a, numbers_a = points(a)
                letters_b, numbers_b = points(b)
                if letters_a != letters_b or len(numbers_a) != len(numbers_b):
                    print(f"weight {weight} size {size}: the commands differ")
                    problems += 1
                    continue
                for i in range(0, len(numbers_a), 2):
                    dx = (numbers_a[i] - numbers_b[i]) * theirs_matrix[0]
                    dy = (numbers_a[i + 1] - numbers_b[i + 1]) * theirs_matrix[3]
                    distance = max(distance, (dx * dx + dy * dy) ** 0.5)
            box = max(abs(p - q) for p, q in zip(mine_box + mine_matrix, theirs_box + theirs_matrix))
            if len(mine) != len(theirs):
                print(f"weight {weight} size {size}: {len(mine)} paths against {len(theirs)}")
                problems += 1
            worst = max(worst, distance)
            worst_box = max(worst_box, box)
            print(f"weight {weight} size {size}: largest point distance {distance:.5f} pt, viewBox/transform {box:.5f} pt")
    print(f"all 27: largest point distance {worst:.5f} pt, largest viewBox/transform difference {worst_box:.5f} pt, {problems} problems")
    return problems, worst, worst_box

def read_png(path):
    """(width, height, alpha values) of an RGBA or grey+alpha PNG, as extract --all writes them."""
    import struct, zlib
    data = open(path, "rb").read()
    at, idat = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        chunk = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, _, colour = struct.unpack(">IIBB", chunk[:10])
        if kind == b"IDAT":
            idat += chunk
        at += 12 + length
    raw = zlib.decompress(idat)
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    stride = width * channels
    previous, alphas, at = bytearray(stride), [], 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        alphas += [line[x + channels - 1] for x in range(0, stride, channels)]
        previous = line
    return width, height, alphas

def compare_caches(ours, xcode, symbol):
    """The bitmap caches: the same names (scale, dimension 2, weight, size), sizes, and the largest alpha difference."""
    names = sorted(n for n in os.listdir(os.path.join(xcode, symbol)) if n.endswith(".png"))
    problems, worst = 0, 0
    for name in names:
        mine = os.path.join(ours, symbol, name)
        if not os.path.exists(mine):
            print(f"cache {name}: missing in ours")
            problems += 1
            continue
        w1, h1, a1 = read_png(mine)
        w2, h2, a2 = read_png(os.path.join(xcode, symbol, name))
        if (w1, h1) != (w2, h2):
            print(f"cache {name}: {w1}x{h1} against {w2}x{h2}")
            problems += 1
            continue
        difference = max(abs(p - q) for p, q in zip(a1, a2))
        mean = sum(abs(p - q) for p, q in zip(a1, a2)) / len(a1)
        worst = max(worst, difference)
        print(f"cache {name}: {w1}x{h1}, largest alpha difference {difference}, mean {mean:.1f}")
    extra = sorted(n for n in os.listdir(os.path.join(ours, symbol)) if n.endswith(".png") and n not in names)
    for name in extra:
        print(f"cache {name}: only in ours")
        problems += 1
    print(f"{len(names)} caches: {problems} problems, largest alpha difference {worst} of 255")
    return problems

if __name__ == "__main__":
    if sys.argv[1] == "assemble":
        assemble(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        problems, worst, box = compare(sys.argv[2], sys.argv[3], sys.argv[4])
        problems += compare_caches(sys.argv[2], sys.argv[3], sys.argv[4])
        tolerance = float(os.environ.get("SYMBOL_TOLERANCE", "0.001"))
        sys.exit(1 if problems or worst > tolerance or box > tolerance else 0)
