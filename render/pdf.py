"""SVG pages to PDF and PNG: CairoSVG renders each page (at its exact size in mm: a page of
``width="210mm"`` becomes an A4 page box), pypdf joins the pages into one document and
writes its metadata.

CairoSVG needs the cairo library (Debian: libcairo2); without it, ``RendererMissing`` says
so in one line. Both libraries are imported only here, and only when a PDF or PNG is asked
for.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

PNG_DPI = 150.0
"""Resolution of PNG output: enough for a screen or a web page, a board stays a few MB."""


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
    """The SVG document ``svg`` as a PNG image at ``dpi`` on white."""
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
