#!/usr/bin/env python3
"""pixel.py FILE X Y: prints the pixel's "R G B": an 8-bit PNG (RGB or RGBA, as Flipbook writes them)
or an X window dump (`xwd`, TrueColor at 24 or 32 bits a pixel, as Xvfb makes them). Used by check.sh and
watch-e2e.sh."""
import struct, sys, zlib


def png(data, x, y):
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat = 8, b''
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    assert depth == 8 and ctype in (2, 6), f'unsupported PNG: depth {depth}, colour type {ctype}'
    bpp = 4 if ctype == 6 else 3
    raw, stride, prev = zlib.decompress(idat), w * bpp, bytearray(w * bpp)
    for row in range(y + 1):
        f, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
    return prev[x * bpp:x * bpp + 3]


def xwd(data, x, y):
    h = struct.unpack('>25I', data[:100])
    header_size, bits_per_pixel, bytes_per_line, ncolors = h[0], h[11], h[12], h[19]
    width, height, byte_order = h[4], h[5], h[7]
    red, green, blue = h[14], h[15], h[16]
    assert bits_per_pixel in (24, 32) and 0 <= x < width and 0 <= y < height, f'unsupported dump or outside it: {bits_per_pixel} bpp, {width}x{height}'
    size = bits_per_pixel // 8
    at = header_size + 12 * ncolors + y * bytes_per_line + size * x
    value = int.from_bytes(data[at:at + size], 'little' if byte_order == 0 else 'big')
    def channel(mask):
        shift = (mask & -mask).bit_length() - 1
        return (value & mask) >> shift
    return bytes([channel(red), channel(green), channel(blue)])


path, x, y = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = open(path, 'rb').read()
print(*(png(data, x, y) if data[:8] == b'\x89PNG\r\n\x1a\n' else xwd(data, x, y)))
