# Draws the page's icons (site/favicon.ico, icon-192.png, icon-512.png) with no library:
# `python3 crates/web/icon.py` in crates/web/site.
# The page's icon: a white check mark on a rounded green square, drawn at 4x and averaged.
import struct, zlib, math
GREEN = (0x17, 0x66, 0x3a)
def inside(x, y):
    # x, y in [0, 1): rounded square with radius .18, then the check mark as two thick strokes.
    r = .18
    cx = min(max(x, r), 1 - r); cy = min(max(y, r), 1 - r)
    if (x - cx) ** 2 + (y - cy) ** 2 > r * r: return None
    def seg(ax, ay, bx, by, w):
        dx, dy = bx - ax, by - ay
        t = max(0, min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
        px, py = ax + t * dx, ay + t * dy
        return (x - px) ** 2 + (y - py) ** 2 <= w * w
    w = .075
    if seg(.24, .52, .42, .70, w) or seg(.42, .70, .77, .31, w): return (255, 255, 255)
    return GREEN
def png(size):
    rows = []
    s = 4
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            acc = [0, 0, 0, 0]
            for v in range(s):
                for u in range(s):
                    c = inside((i + (u + .5) / s) / size, (j + (v + .5) / s) / size)
                    if c:
                        acc[0] += c[0]; acc[1] += c[1]; acc[2] += c[2]; acc[3] += 255
            n = s * s
            a = acc[3] / n
            if a:
                row += bytes([round(acc[0] * 255 / acc[3]), round(acc[1] * 255 / acc[3]), round(acc[2] * 255 / acc[3]), round(a)])
            else:
                row += bytes([0, 0, 0, 0])
        rows.append(bytes(row))
    raw = b''.join(rows)
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', size, size, 8, 6, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
for size in (192, 512):
    open(f'icon-{size}.png', 'wb').write(png(size))
p32 = png(32)
ico = struct.pack('<HHH', 0, 1, 1) + struct.pack('<BBBBHHII', 32, 32, 0, 0, 1, 32, len(p32), 22) + p32
open('favicon.ico', 'wb').write(ico)
