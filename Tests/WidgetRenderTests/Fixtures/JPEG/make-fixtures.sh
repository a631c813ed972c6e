#!/usr/bin/env bash
# Regenerates the JPEG fixtures JPEGDecoderTests decodes, in this script's folder.
#
# Every image is a synthetic pattern (gradients, two colour blocks and a white bar: smooth areas and hard
# edges) that the test re-creates with the same formula, so no source pixels are committed. Beside each
# JPEG, `NAME.ref.pnm` is what libjpeg-turbo decodes it to (djpeg's defaults: islow IDCT, fancy
# upsampling), which the test matches within a few levels.
#
# Needs: python3, libjpeg-turbo's tools (Debian: apt-get install libjpeg-turbo-progs) for cjpeg/djpeg,
# and a C compiler with libjpeg's headers (Debian: libjpeg62-turbo-dev) for the Adobe CMYK/YCCK
# fixtures, which cjpeg cannot write.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# pattern.py ppm|pgm WIDTH HEIGHT OUT: the pattern as binary PPM (RGB) or PGM (its BT.601 luma).
cat > "$work/pattern.py" <<'EOF'
import sys
def pattern(w, h):
    pixels = []
    for y in range(h):
        for x in range(w):
            r = x * 255 // max(w - 1, 1)
            g = y * 255 // max(h - 1, 1)
            b = 255 - (x + y) * 255 // max(w + h - 2, 1)
            if w // 8 <= x < w // 8 + w // 4 and h // 8 <= y < h // 8 + h // 4:
                r, g, b = 230, 40, 40
            elif w // 2 <= x < w // 2 + w // 4 and h // 2 <= y < h // 2 + h // 4:
                r, g, b = 30, 60, 200
            elif 3 * w // 4 + 2 <= x < 3 * w // 4 + 4:
                r, g, b = 255, 255, 255
            pixels.append((r, g, b))
    return pixels
kind, w, h, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
pixels = pattern(w, h)
with open(out, 'wb') as f:
    if kind == 'ppm':
        f.write(b'P6\n%d %d\n255\n' % (w, h) + bytes(v for p in pixels for v in p))
    else:
        f.write(b'P5\n%d %d\n255\n' % (w, h) + bytes((299 * r + 587 * g + 114 * b + 500) // 1000 for r, g, b in pixels))
EOF

# adobe-cmyk cmyk|ycck - OUT writes a 48×32 Adobe CMYK or YCCK JPEG of a CMYK pattern (stored inverted,
# as Photoshop does: 255 is no ink); adobe-cmyk rgb IN OUT decodes one with libjpeg to CMYK and writes the
# RGB that convention gives (each channel = inverted ink × inverted black / 255) as a PPM.
cat > "$work/adobe-cmyk.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

int main(int argc, char **argv) {
    if (argc != 4) return 2;
    if (strcmp(argv[1], "rgb") == 0) {
        struct jpeg_decompress_struct d; struct jpeg_error_mgr e;
        FILE *in = fopen(argv[2], "rb"), *out = fopen(argv[3], "wb");
        if (!in || !out) return 1;
        d.err = jpeg_std_error(&e); jpeg_create_decompress(&d); jpeg_stdio_src(&d, in);
        jpeg_read_header(&d, TRUE); d.out_color_space = JCS_CMYK; jpeg_start_decompress(&d);
        fprintf(out, "P6\n%d %d\n255\n", d.output_width, d.output_height);
        JSAMPLE *row = malloc(d.output_width * 4);
        while (d.output_scanline < d.output_height) {
            jpeg_read_scanlines(&d, &row, 1);
            for (unsigned x = 0; x < d.output_width; x++)
                for (int c = 0; c < 3; c++) fputc((row[x * 4 + c] * row[x * 4 + 3] + 127) / 255, out);
        }
        jpeg_finish_decompress(&d); fclose(out); return 0;
    }
    struct jpeg_compress_struct c; struct jpeg_error_mgr e;
    FILE *out = fopen(argv[3], "wb");
    if (!out) return 1;
    c.err = jpeg_std_error(&e); jpeg_create_compress(&c); jpeg_stdio_dest(&c, out);
    c.image_width = 48; c.image_height = 32; c.input_components = 4; c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c);
    jpeg_set_colorspace(&c, strcmp(argv[1], "ycck") == 0 ? JCS_YCCK : JCS_CMYK);
    jpeg_set_quality(&c, 95, TRUE);
    jpeg_start_compress(&c, TRUE);
    JSAMPLE row[48 * 4];
    for (int y = 0; y < 32; y++) {
        for (int x = 0; x < 48; x++) {
            row[x * 4] = 255 - x * 255 / 47; row[x * 4 + 1] = 255 - y * 255 / 31;
            row[x * 4 + 2] = (x / 12 + y / 8) % 2 ? 90 : 230; row[x * 4 + 3] = 255 - (x + y) * 100 / 77;
        }
        JSAMPROW p = row; jpeg_write_scanlines(&c, &p, 1);
    }
    jpeg_finish_compress(&c); fclose(out); return 0;
}
EOF
cc -O2 -o "$work/adobe-cmyk" "$work/adobe-cmyk.c" -ljpeg

python3 "$work/pattern.py" ppm 48 32 "$work/p48.ppm"
python3 "$work/pattern.py" pgm 48 32 "$work/p48.pgm"
python3 "$work/pattern.py" ppm 37 23 "$work/p37.ppm"
printf '0;\n1;\n2;\n' > "$work/noninterleaved.txt" # one sequential scan per component

q="-quality 95"
cjpeg $q -sample 1x1 "$work/p48.ppm" > baseline-444.jpg
cjpeg $q -sample 2x2 -optimize "$work/p48.ppm" > baseline-420.jpg
cjpeg $q -sample 2x1 "$work/p48.ppm" > baseline-422.jpg
cjpeg $q -sample 1x2 "$work/p48.ppm" > baseline-440.jpg
cjpeg $q -sample 4x1 "$work/p48.ppm" > baseline-411.jpg
cjpeg $q "$work/p48.pgm" > greyscale.jpg
cjpeg $q -rgb "$work/p48.ppm" > rgb.jpg
cjpeg $q -sample 2x2 -scans "$work/noninterleaved.txt" "$work/p48.ppm" > noninterleaved-420.jpg
cjpeg $q -sample 2x2 -restart 1B "$work/p48.ppm" > restart-420.jpg
cjpeg $q -sample 2x2 -progressive "$work/p48.ppm" > progressive-420.jpg
cjpeg $q -progressive "$work/p48.pgm" > progressive-grey.jpg
cjpeg $q -sample 2x1 -progressive -restart 1 "$work/p48.ppm" > progressive-restart-422.jpg
cjpeg $q -sample 2x2 "$work/p37.ppm" > odd-37x23.jpg
cjpeg $q -sample 2x2 -progressive "$work/p37.ppm" > odd-37x23-progressive.jpg
# Quality 10 scales the tables past 255: 16-bit DQT, hence extended sequential (SOF1).
cjpeg -quality 10 -sample 2x2 "$work/p48.ppm" > quality10-16bit.jpg 2> /dev/null
# Arithmetic coding (SOF9): for the decoder to refuse.
cjpeg $q -arithmetic "$work/p48.ppm" > arithmetic.jpg
# One flat colour (0, 0, 255): what the renderer's tests draw to find the image's own pixels.
printf 'P6\n8 8\n255\n' > "$work/blue.ppm"
python3 -c 'import sys; sys.stdout.buffer.write(bytes([0, 0, 255] * 64))' >> "$work/blue.ppm"
cjpeg -quality 100 -sample 1x1 "$work/blue.ppm" > solid-blue.jpg
"$work/adobe-cmyk" cmyk - adobe-cmyk.jpg
"$work/adobe-cmyk" ycck - adobe-ycck.jpg

rm -f ./*.ref.pnm
for jpeg in *.jpg; do
    name=${jpeg%.jpg}
    case $name in
    arithmetic) ;;
    # libjpeg upsamples 4:1:1 by repeating samples, where the decoder interpolates: no reference.
    baseline-411) ;;
    adobe-*) "$work/adobe-cmyk" rgb "$jpeg" "$name.ref.pnm" ;;
    *) djpeg -pnm "$jpeg" > "$name.ref.pnm" ;;
    esac
done
ls -l
