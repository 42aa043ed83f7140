"""SVG pages to PDF and PNG: CairoSVG renders each page (at its exact size in mm: a page of
``width="210mm"`` becomes an A4 page box), pypdf joins the pages into one document and
writes its metadata.

CairoSVG needs the cairo library (Debian: libcairo2); without it, ``RendererMissing`` says
so in one line. Both libraries are imported only here, and only when a PDF or PNG is asked
for.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from typing import Any

PNG_DPI = 150.0
"""Resolution of PNG output: enough for a screen or a web page, a board stays a few MB."""


PNG_PIXELS = 50_000_000
"""The most pixels a PNG image may have (about 200 MB while drawn): a poster of a large map
at ``PNG_DPI``; past it, ask for a PDF or SVG (drawn to scale, no pixels held)."""
PNG_SIDE = 32_767
"""The longest side in pixels cairo can draw."""


class TooManyPixels(ValueError):
    """A PNG image past ``PNG_PIXELS`` or ``PNG_SIDE``: refused before any pixel is drawn."""


def png_size(svg: str, dpi: float = PNG_DPI) -> tuple[int, int]:
    """The size in pixels of the SVG document ``svg`` (its root ``width`` and ``height`` in
    mm, as every page skyhex draws has them) drawn at ``dpi``."""
    head = svg[: svg.find(">", svg.find("<svg")) + 1]
    sizes = []
    for name in ("width", "height"):
        found = re.search(rf'\s{name}="([0-9.eE+-]+)(mm|px)?"', head)
        if found is None:
            raise ValueError(f"the picture has no {name}")
        value = float(found.group(1))
        sizes.append(value / 25.4 * dpi if found.group(2) in (None, "mm") else value)
    return int(sizes[0] + 1), int(sizes[1] + 1)


class RendererMissing(RuntimeError):
    """The SVG renderer cannot run on this machine (the cairo library is missing)."""


def _cairosvg() -> Any:
    try:
        import cairosvg
    except OSError as e:  # cairocffi did not find libcairo
        raise RendererMissing("PDF and PNG output need the cairo library (Debian: apt-get "
                              f"install libcairo2): {e}") from None
    return cairosvg


def to_pdf(pages: Sequence[str], metadata: Mapping[str, str]) -> bytes:
    """One PDF document of the SVG ``pages`` in order, each page the size of its SVG, with
    the document ``metadata`` (keys such as ``/Title``, ``/Subject``, ``/Keywords``)."""
    from pypdf import PdfReader, PdfWriter

    cairosvg = _cairosvg()
    writer = PdfWriter()
    for page in pages:
        data = cairosvg.svg2pdf(bytestring=page.encode("utf-8"))
        writer.append(PdfReader(io.BytesIO(data)))
    writer.add_metadata(dict(metadata))
    writer.compress_identical_objects()  # one copy of the fonts every page embeds
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def to_png(svg: str, dpi: float = PNG_DPI) -> bytes:
    """The SVG document ``svg`` as a PNG image at ``dpi`` on white; ``TooManyPixels`` past
    the pixel budget, before anything is drawn."""
    width, height = png_size(svg, dpi)
    if width * height > PNG_PIXELS or max(width, height) > PNG_SIDE:
        raise TooManyPixels(f"a PNG image of {width:,} x {height:,} pixels is past the limit of "
                            f"{PNG_PIXELS:,} pixels and {PNG_SIDE:,} a side: write a PDF or "
                            "SVG (drawn to scale) or a smaller map")
    cairosvg = _cairosvg()
    data: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi,
                                   background_color="white")
    return with_density(data, dpi)


def with_density(png: bytes, dpi: float) -> bytes:
    """``png`` with its pixel density said in a ``pHYs`` chunk (pixels a metre), so that an
    image viewer or a print dialog prints it at its true size: cairo writes none."""
    import struct
    import zlib

    ihdr_end = 8 + 8 + 13 + 4  # the signature, then IHDR: length and type, data, CRC
    per_metre = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    return png[:ihdr_end] + chunk + png[ihdr_end:]
