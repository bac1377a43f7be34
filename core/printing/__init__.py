"""Print: rosters, card sheets and boards at true scale on A4 or Letter (issue 60.5).

Everything printed is drawn here as SVG in millimetres, one ``<svg>`` per sheet
of paper (:mod:`core.printing.paper` lays out pages, tiles, cut and overlap
marks and the scale bar; :mod:`core.printing.sheets` the card and counter
sheets), put together as one HTML print view (:mod:`core.printing.document`)
whose CSS ``@page`` rule gives the paper size: any browser prints it at 100%
to the millimetre.

The PDF is that same print view printed by headless Chromium
(:mod:`core.printing.pdf`). Why Chromium and not a pure-Python PDF library:
the art (:mod:`core.art`, the rulesets' ``svg.py``) uses SVG patterns,
gradients, ``<use>`` of shared drawings, opacity and ``paint-order``, which
the pure-Python PDF writers (fpdf2's SVG import, reportlab with svglib)
render partly or not at all; Chromium draws exactly what the browser table
shows, CI already has it, and its PDF keeps millimetres exact (only the page
box is rounded to a CSS pixel, under 0.3 mm). Without Chromium a PDF is
refused with what to do, and the HTML print view still works. Chromium's PDF
cannot express a pattern fill (it paints the shape as a 72 dpi image of its
whole clip), so the print view draws each one out as vector tiles first
(:mod:`core.printing.textures`).
"""
