#!/usr/bin/env python3
"""Writes the PDF fixtures that PDFVectorImageTests reads.

Every file here is hand-written PDF 1.4-1.7 made by this script, with correct cross-reference
offsets computed as it writes, except `cairo.pdf`, which a real exporter made (see below).
Run it from anywhere; it writes next to itself:

    python3 Tests/WidgetRenderTests/Fixtures/PDF/make-fixtures.py

Needs only the standard library (zlib for FlateDecode). The files are committed, so the tests do not
run this; rerun it only to change a fixture. Pages are 100 x 100 points, so at 72 dpi one point is one
pixel and the tests can name pixels directly (remember PDF's y axis points up: PDF y = 100 - row).

`cairo.pdf` is cairo's output, not this script's: it was made with librsvg's converter
(`apt-get install -y librsvg2-bin`) from `cairo.svg`, which this script also writes:

    rsvg-convert -f pdf -o cairo.pdf cairo.svg

Pass --cairo to regenerate it as well when rsvg-convert is on the PATH.

Beside each drawable fixture is poppler's rendering of it at 144 dpi (`NAME.poppler-144dpi.png`),
which the tests compare the reader's drawing with. Pass --poppler to remake them
(`apt-get install -y poppler-utils`): `pdftoppm -png -r 144 -singlefile NAME.pdf NAME.poppler-144dpi`.
"""

import os
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = b"/MediaBox [0 0 100 100]"


class PDF:
    """Objects by number, written with a classic xref table or a cross-reference stream."""

    def __init__(self, version="1.4"):
        self.version = version
        self.objects = {}

    def add(self, body, number=None):
        number = number or (max(self.objects, default=0) + 1)
        self.objects[number] = body if isinstance(body, bytes) else body.encode("latin-1")
        return number

    @staticmethod
    def stream(entries, data, compress=False):
        """A stream object's body; `entries` is the dictionary's inside, without /Length or /Filter."""
        if compress:
            data = zlib.compress(data, 9)
            entries += " /Filter /FlateDecode"
        head = "<< %s /Length %d >>\nstream\n" % (entries, len(data))
        return head.encode("latin-1") + data + b"\nendstream"

    def _header(self):
        # The binary comment tells transfer tools the file is binary (section 7.5.2).
        return ("%%PDF-%s\n%%\xe2\xe3\xcf\xd3\n" % self.version).encode("latin-1")

    def classic(self, root=1, extra_trailer=""):
        out = bytearray(self._header())
        offsets = {}
        for number in sorted(self.objects):
            offsets[number] = len(out)
            out += b"%d 0 obj\n" % number + self.objects[number] + b"\nendobj\n"
        xref = len(out)
        size = max(self.objects) + 1
        out += b"xref\n0 %d\n0000000000 65535 f \n" % size
        for number in range(1, size):
            if number in offsets:
                out += b"%010d 00000 n \n" % offsets[number]
            else:
                out += b"0000000000 65535 f \n"
        out += ("trailer\n<< /Size %d /Root %d 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (size, root, extra_trailer, xref)).encode("latin-1")
        return bytes(out)

    def with_object_streams(self, packed, root=1):
        """PDF 1.5 layout as Sketch/Figma/Illustrator write it: the `packed` objects inside one object
        stream, the rest direct, and a cross-reference stream with the PNG Up predictor."""
        out = bytearray(self._header())
        direct = [n for n in sorted(self.objects) if n not in packed]
        offsets = {}
        for number in direct:
            offsets[number] = len(out)
            out += b"%d 0 obj\n" % number + self.objects[number] + b"\nendobj\n"
        # The object stream: "number offset" pairs, then the objects.
        objstm_number = max(self.objects) + 1
        header, bodies = [], bytearray()
        for number in packed:
            header.append("%d %d" % (number, len(bodies)))
            bodies += self.objects[number] + b"\n"
        head = (" ".join(header) + "\n").encode("latin-1")
        objstm = self.stream("/Type /ObjStm /N %d /First %d" % (len(packed), len(head)), head + bytes(bodies), compress=True)
        offsets[objstm_number] = len(out)
        out += b"%d 0 obj\n" % objstm_number + objstm + b"\nendobj\n"
        # The cross-reference stream: rows of [type, field 2 (3 bytes), field 3 (1 byte)].
        xref_number = objstm_number + 1
        xref_offset = len(out)
        size = xref_number + 1
        rows = []
        for number in range(size):
            if number in offsets:
                rows.append(bytes([1]) + offsets[number].to_bytes(3, "big") + bytes([0]))
            elif number in packed:
                rows.append(bytes([2]) + objstm_number.to_bytes(3, "big") + bytes([packed.index(number)]))
            elif number == xref_number:
                rows.append(bytes([1]) + xref_offset.to_bytes(3, "big") + bytes([0]))
            else:
                rows.append(bytes([0, 0, 0, 0, 255]))
        predicted, previous = bytearray(), bytes(5)
        for row in rows:  # PNG filter 2 (Up): each byte minus the one above it.
            predicted += bytes([2]) + bytes((b - a) & 0xFF for a, b in zip(previous, row))
            previous = row
        xref = self.stream(
            "/Type /XRef /Size %d /W [1 3 1] /Root %d 0 R /DecodeParms << /Predictor 12 /Columns 5 >>" % (size, root),
            bytes(predicted), compress=True)
        out += b"%d 0 obj\n" % xref_number + xref + b"\nendobj\n"
        out += b"startxref\n%d\n%%%%EOF\n" % xref_offset
        return bytes(out)


def single_page(content, resources="", compress=False, extra=None, version="1.4"):
    """Catalog 1, pages 2, page 3, content 4, then `extra` objects from 5 on."""
    pdf = PDF(version)
    pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
    pdf.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    pdf.add("<< /Type /Page /Parent 2 0 R %s /Resources << %s >> /Contents 4 0 R >>" % (PAGE.decode(), resources))
    pdf.add(PDF.stream("", content.encode("latin-1"), compress))
    for body in extra or []:
        pdf.add(body)
    return pdf


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
    print("%-22s %6d bytes" % (name, len(data)))


# 0.5523 x r: the control-point distance that makes four cubics a close circle.
def circle(cx, cy, r):
    k = 0.5523 * r
    return ("%g %g m %g %g %g %g %g %g c %g %g %g %g %g %g c %g %g %g %g %g %g c %g %g %g %g %g %g c h"
            % (cx + r, cy,
               cx + r, cy + k, cx + k, cy + r, cx, cy + r,
               cx - k, cy + r, cx - r, cy + k, cx - r, cy,
               cx - r, cy - k, cx - k, cy - r, cx, cy - r,
               cx + k, cy - r, cx + r, cy - k, cx + r, cy))


def fixtures():
    # A red square at PDF x 10..40, y 50..90: pixel columns 10..40, rows 10..50.
    write("red-square.pdf", single_page("1 0 0 rg 10 50 30 40 re f\n").classic())

    # The same kind of page with its content FlateDecode-compressed.
    write("flate.pdf", single_page("0 0 1 rg 10 10 30 30 re f 0 1 0 rg 60 60 30 30 re f\n", compress=True).classic())

    # PDF 1.5: catalog, pages and page inside an object stream, a cross-reference stream with the PNG
    # predictor, and no classic table or trailer at all.
    pdf = single_page("1 0.5 0 rg 20 20 60 60 re f\n", compress=True, version="1.5")
    write("xref-stream.pdf", pdf.with_object_streams(packed=[1, 2, 3]))

    # A filled circle of radius 40 at the page centre: area pi * 1600 = 5026.5 px at 72 dpi.
    write("circle.pdf", single_page("0 0 0 rg %s f\n" % circle(50, 50, 40), compress=True).classic())

    # q/Q and cm: translated, scaled and rotated squares, and one after Q with the CTM restored.
    write("transforms.pdf", single_page(
        "q 1 0 0 1 60 10 cm 0 0 1 rg 0 0 30 30 re f Q\n"
        "q 2 0 0 2 10 50 cm 0 1 0 rg 0 0 10 10 re f Q\n"
        "q 0.7071 0.7071 -0.7071 0.7071 50 50 cm 1 0 0 rg -8 -8 16 16 re f Q\n"
        "1 1 0 rg 0 0 10 10 re f\n").classic())

    # Two squares wound the same way: a ring with f*, a solid square with f.
    write("even-odd.pdf", single_page(
        "1 0 0 rg 5 30 40 40 re 15 40 20 20 re f*\n"
        "0 0 1 rg 55 30 40 40 re 65 40 20 20 re f\n").classic())

    # A self-crossing pentagram: even-odd leaves its centre empty. This reader fills it (its even-odd is
    # per subpath, the rasterizer winding only non-zero), so poppler's rendering is not a reference here.
    write("even-odd-star.pdf", single_page(
        "0 0.5 0 rg 50 95 m 76.5 13.5 l 7.2 63.9 l 92.8 63.9 l 23.5 13.5 l h f*\n").classic())

    # ExtGState alpha: a half-transparent red fill and a half-transparent blue stroke over it.
    write("alpha.pdf", single_page(
        "/GS0 gs 1 0 0 rg 10 10 60 60 re f 0 0 1 RG 10 w 30 30 m 90 90 l S\n",
        resources="/ExtGState << /GS0 << /Type /ExtGState /ca 0.5 /CA 0.5 >> >>").classic())

    # Strokes: a mitred square outline, a round-capped line, a dashed line, a bevel-joined zigzag.
    write("stroke.pdf", single_page(
        "0 0 1 RG 10 w 25 25 50 50 re S\n"
        "1 0 0 RG 6 w 1 J 10 92 m 90 92 l S\n"
        "0 0.5 0 RG 4 w 0 J [8 4] 0 d 10 8 m 90 8 l S\n"
        "[] 0 d 0 0 0 RG 3 w 2 j 40 40 m 50 60 l 60 40 l S\n").classic())

    # Form XObjects: one drawn twice through different CTMs, its /Matrix applied; one whose /BBox
    # clips what it draws; and a form inside a form.
    pdf = single_page(
        "q 1 0 0 1 10 10 cm /Fm1 Do Q q 2 0 0 2 50 50 cm /Fm1 Do Q /Fm2 Do /Fm3 Do\n",
        resources="/XObject << /Fm1 5 0 R /Fm2 6 0 R /Fm3 7 0 R >>",
        extra=[
            PDF.stream("/Type /XObject /Subtype /Form /BBox [0 0 20 20] /Resources << >>",
                       b"1 0 0 rg 0 0 20 20 re f 0 0 1 rg 5 5 10 10 re f", compress=True),
            PDF.stream("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Matrix [1 0 0 1 60 10]",
                       b"0 0.6 0 rg 0 0 30 30 re f"),
            PDF.stream("/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /Inner 8 0 R >> >>",
                       b"q 1 0 0 1 10 60 cm /Inner Do Q"),
            PDF.stream("/Type /XObject /Subtype /Form /BBox [0 0 30 30]", b"1 0 1 rg 0 0 30 30 re f"),
        ])
    write("form.pdf", pdf.classic())

    # Clipping: a circle clip, then a rectangle filled through it; W* with a hole.
    write("clip.pdf", single_page(
        "q %s W n 1 0 0 rg 0 0 100 50 re f 0 0 1 rg 0 50 100 50 re f Q\n" % circle(50, 50, 30)
        + "q 0 0 20 20 re 5 5 10 10 re W* n 0 0.5 0 rg 0 0 100 100 re f Q\n").classic())

    # Shadings: an axial one (type 2 function) painted with sh inside a clip, a radial one through a
    # shading pattern (type 3 stitching function) filling a circle and stroking a line, and DeviceCMYK,
    # ICCBased and Indexed colours.
    pdf = single_page(
        "q 10 60 80 30 re W n /Sh1 sh Q\n"
        "/Pattern cs /P1 scn %s f\n"
        "0 0 0 1 k 5 5 10 10 re f 0 1 1 0 k 85 5 10 10 re f\n"
        "/CS0 cs 0.2 0.8 0.2 sc 5 40 10 10 re f /CS1 cs 1 sc 85 40 10 10 re f\n"
        "/Pattern CS /P1 SCN 4 w 20 2 m 80 2 l S\n" % circle(50, 30, 25),
        resources=("/Shading << /Sh1 5 0 R >> /Pattern << /P1 6 0 R >> "
                   "/ColorSpace << /CS0 [/ICCBased 8 0 R] /CS1 [/Indexed /DeviceRGB 1 <ff000000ff00>] >>"),
        extra=[
            "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [10 0 90 0] /Extend [true true]"
            " /Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >> >>",
            "<< /Type /Pattern /PatternType 2 /Shading 7 0 R /Matrix [1 0 0 1 50 30] >>",
            "<< /ShadingType 3 /ColorSpace /DeviceRGB /Coords [0 0 0 0 0 25] /Extend [false true]"
            " /Function << /FunctionType 3 /Domain [0 1] /Bounds [0.5] /Encode [0 1 0 1] /Functions ["
            " << /FunctionType 2 /Domain [0 1] /C0 [1 1 0] /C1 [1 0 0] /N 1 >>"
            " << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0.2 0 0.4] /N 1 >> ] >> >>",
            PDF.stream("/N 3", b"(not a real ICC profile: only /N is read)"),
        ])
    write("shading.pdf", pdf.classic())

    hostile()


def hostile():
    # A page tree whose Pages nodes are each other's kid: no page, and no hang.
    pdf = PDF()
    pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
    pdf.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    pdf.add("<< /Type /Pages /Kids [2 0 R] /Count 1 >>")
    write("cycle-pages.pdf", pdf.classic())

    # References that cycle (the resources 5 -> 6 -> 5, a /Length that is itself) on an otherwise
    # good page: it still draws its red square.
    pdf = PDF()
    pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
    pdf.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    pdf.add("<< /Type /Page /Parent 2 0 R %s /Resources 5 0 R /Contents 4 0 R >>" % PAGE.decode())
    pdf.add(b"<< /Length 7 0 R >>\nstream\n1 0 0 rg 10 50 30 40 re f\nendstream")
    pdf.add("6 0 R")
    pdf.add("5 0 R")
    pdf.add("7 0 R")
    write("cycle-refs.pdf", pdf.classic())

    # A /Length far past the end of the file.
    content = b"1 0 0 rg 10 50 30 40 re f\n"
    pdf = single_page("")
    pdf.objects[4] = b"<< /Length 99999999999 >>\nstream\n" + content + b"endstream"
    write("huge-length.pdf", pdf.classic())

    # A form that draws itself four times: 4^depth invocations unless nesting is capped.
    write("nested-forms.pdf", single_page(
        "/X0 Do\n", resources="/XObject << /X0 5 0 R >>",
        extra=[PDF.stream("/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /X0 5 0 R >> >>",
                          b"0 0 1 rg 0 0 5 5 re f /X0 Do /X0 Do /X0 Do /X0 Do")]).classic())

    # startxref pointing into the middle of an object: the reader must rebuild by scanning.
    data = single_page("1 0 0 rg 10 50 30 40 re f\n").classic()
    cut = data.rindex(b"startxref")
    write("broken-xref.pdf", data[:cut] + b"startxref\n17\n%%EOF\n")

    # No cross-reference data and no trailer at all: only the objects.
    data = single_page("1 0 0 rg 10 50 30 40 re f\n").classic()
    write("no-xref.pdf", data[:data.index(b"xref")])


CAIRO_SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <defs>
    <linearGradient id="lg" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#ff3b30"/><stop offset="1" stop-color="#007aff"/>
    </linearGradient>
    <radialGradient id="rg" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffcc00"/><stop offset="1" stop-color="#34c759"/>
    </radialGradient>
  </defs>
  <rect x="5" y="5" width="90" height="25" rx="6" fill="url(#lg)"/>
  <circle cx="28" cy="60" r="20" fill="url(#rg)"/>
  <path d="M60 40 h30 v30 h-30 z M68 48 v14 h14 v-14 z" fill="#5856d6" fill-rule="evenodd"/>
  <path d="M10 90 Q 50 70 90 90" fill="none" stroke="#ff9500" stroke-width="4" stroke-linecap="round"/>
  <rect x="62" y="74" width="26" height="10" fill="#000" opacity="0.4"/>
  <line x1="10" y1="96" x2="90" y2="96" stroke="#8e8e93" stroke-width="2" stroke-dasharray="6 3"/>
</svg>
"""


def cairo():
    svg = os.path.join(HERE, "cairo.svg")
    with open(svg, "w") as f:
        f.write(CAIRO_SVG)
    if "--cairo" in sys.argv:
        subprocess.run(["rsvg-convert", "-f", "pdf", "-o", os.path.join(HERE, "cairo.pdf"), svg], check=True)
        print("cairo.pdf              %6d bytes" % os.path.getsize(os.path.join(HERE, "cairo.pdf")))


# The fixtures poppler draws (the others are broken on purpose, or drawn differently on purpose).
POPPLER = ["red-square", "flate", "xref-stream", "circle", "transforms", "even-odd", "alpha", "stroke", "form",
           "clip", "shading", "cairo", "cycle-refs", "huge-length", "broken-xref"]


def poppler():
    if "--poppler" not in sys.argv:
        return
    for name in POPPLER:
        base = os.path.join(HERE, name)
        subprocess.run(["pdftoppm", "-png", "-r", "144", "-singlefile", base + ".pdf", base + ".poppler-144dpi"], check=True)
        print("%-22s %6d bytes" % (name + ".poppler-144dpi.png", os.path.getsize(base + ".poppler-144dpi.png")))


if __name__ == "__main__":
    fixtures()
    cairo()
    poppler()
