"""A laid-out WeasyPrint document to PDF bytes that are the same on every run, and a finished
PDF made print-ready (PDF/X-4) for `cardkit build --print-ready`."""

from __future__ import annotations

import hashlib
import os
import uuid
from contextlib import contextmanager
from datetime import datetime, timezone
from io import BytesIO

POINTS_PER_MM = 72 / 25.4


def write_pdf(rendered) -> bytes:
    """The PDF bytes of a rendered document, with no date and fixed font subset stamps."""
    with _fixed_font_timestamps():
        return rendered.write_pdf()


@contextmanager
def _fixed_font_timestamps():
    """fontTools stamps each embedded font subset with the time it was made, unless
    SOURCE_DATE_EPOCH (reproducible-builds.org) says which time to use."""
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = previous or "0"
    try:
        yield
    finally:
        if previous is None:
            del os.environ["SOURCE_DATE_EPOCH"]


# ISO 15930-7 (PDF/X-4) is based on PDF 1.6; WeasyPrint writes 1.7 headers, pikepdf 1.3.
PDFX_VERSION = "1.6"
THINNEST_LINE = 0.25  # pt: print shops' preflight flags thinner strokes as hairlines
SRGB_CONDITION = "sRGB IEC61966-2.1"


def print_ready(pdf_bytes: bytes) -> bytes:
    """The PDF made into a PDF/X-4 file (`cardkit build --print-ready`): an sRGB output
    intent, XMP metadata naming PDF/X-4 and the title, the dates both places (from
    SOURCE_DATE_EPOCH, or 1970, so the bytes stay the same), a 1.6 header; the crop marks
    in black only instead of registration black, no stroke under 0.25 pt and no annotation
    (links mean nothing on paper). The colours stay RGB: PDF/X-4 allows them under an RGB
    output intent, and nothing is converted to CMYK."""
    import pikepdf
    from pikepdf import Array, Dictionary, Name, String

    from cardkit.faces.colour import SRGB_PROFILE_FILE

    pdf = pikepdf.open(BytesIO(pdf_bytes))
    profile = pdf.make_stream(SRGB_PROFILE_FILE.read_bytes())
    profile.N = 3
    pdf.Root.OutputIntents = Array([Dictionary(
        Type=Name.OutputIntent, S=Name.GTS_PDFX, OutputConditionIdentifier=String(SRGB_CONDITION),
        Info=String(SRGB_CONDITION), RegistryName=String("http://www.color.org"),
        DestOutputProfile=profile)])
    widened: set[tuple[int, int]] = set()
    for page in pdf.pages:
        if "/Annots" in page:
            del page.Annots
        colour_spaces = page.get("/Resources", {}).get("/ColorSpace")
        if colour_spaces is not None and "/Registration" in colour_spaces:
            colour_spaces.Registration = _black_only(pdf)
        _widen_hairlines(pdf, page.obj, _IDENTITY, widened)
    _set_metadata(pdf, hashlib.sha256(pdf_bytes).digest())
    output = BytesIO()
    pdf.save(output, deterministic_id=True, compress_streams=True, force_version=PDFX_VERSION)
    return output.getvalue()


def _black_only(pdf):
    """The crop marks' colour: 100 % of the black plate alone (a Separation named Black is
    the process colorant), black on an RGB or grey device."""
    from pikepdf import Array, Dictionary, Name

    return Array([Name.Separation, Name.Black, Name.DeviceGray, Dictionary(
        FunctionType=2, Domain=[0, 1], C0=[1], C1=[0], N=1)])


_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _multiply(m, n):
    """The matrix m then n, as PDF's `cm` concatenates them."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def _scale(matrix) -> float:
    a, b, c, d, _, _ = matrix
    return abs(a * d - b * c) ** 0.5


def _widen_hairlines(pdf, holder, base, done: set) -> None:
    """Every line width in the content of `holder` (a page or Form XObject, drawn with the
    matrix `base`) and of the forms it draws that would stroke thinner than THINNEST_LINE
    raised to it. Each form is looked at once, at its first use: cardkit places faces
    unscaled, so a form's scale is the same wherever it stands."""
    import pikepdf

    if holder.objgen in done:
        return
    done.add(holder.objgen)
    if "/Matrix" in holder:
        base = _multiply(tuple(float(value) for value in holder.Matrix), base)
    xobjects = holder.get("/Resources", {}).get("/XObject", {})
    contents = pikepdf.Page(holder) if holder.get("/Type") == "/Page" else holder
    instructions = list(pikepdf.parse_content_stream(contents))
    stack, matrix, changed = [], base, False
    for index, (operands, operator) in enumerate(instructions):
        op = str(operator)
        if op == "q":
            stack.append(matrix)
        elif op == "Q":
            matrix = stack.pop() if stack else base
        elif op == "cm":
            matrix = _multiply(tuple(float(value) for value in operands), matrix)
        elif op == "w" and float(operands[0]) * _scale(matrix) < THINNEST_LINE:
            instructions[index] = pikepdf.ContentStreamInstruction(
                [round(THINNEST_LINE / _scale(matrix), 4)], operator)
            changed = True
        elif op == "Do" and str(operands[0]) in xobjects:
            xobject = xobjects[str(operands[0])]
            if xobject.get("/Subtype") == "/Form":
                _widen_hairlines(pdf, xobject, matrix, done)
    if changed:
        content = pikepdf.unparse_content_stream(instructions)
        if holder.get("/Type") == "/Page":
            holder.Contents = pdf.make_stream(content)
        else:
            holder.write(content)


def _set_metadata(pdf, digest: bytes) -> None:
    """The title, dates and PDF/X version in the document information and in XMP, the same
    in both as PDF/X requires, and a document ID made from the content."""
    from xml.sax.saxutils import escape

    from pikepdf import Name, String

    info = pdf.docinfo
    title = str(info.get("/Title", "")).replace("\n", " ").strip()
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH") or 0)
    moment = datetime.fromtimestamp(epoch, timezone.utc)
    info[Name.Title] = String(title)
    info[Name.CreationDate] = info[Name.ModDate] = String(moment.strftime("D:%Y%m%d%H%M%SZ"))
    info[Name.Trapped] = Name('/False')
    info[Name.GTS_PDFXVersion] = String("PDF/X-4")
    stamp = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    identifier = f"uuid:{uuid.UUID(bytes=digest[:16], version=4)}"
    tools = "".join(f"<{tag}>{escape(str(info[key]))}</{tag}>"
                    for key, tag in (("/Creator", "xmp:CreatorTool"), ("/Producer", "pdf:Producer"))
                    if key in info)
    packet = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
<xmp:CreateDate>{stamp}</xmp:CreateDate>
<xmp:ModifyDate>{stamp}</xmp:ModifyDate>
<xmp:MetadataDate>{stamp}</xmp:MetadataDate>
{tools}
<xmpMM:DocumentID>{identifier}</xmpMM:DocumentID>
<xmpMM:InstanceID>{identifier}</xmpMM:InstanceID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<pdf:Trapped>False</pdf:Trapped>
<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode()
    metadata = pdf.make_stream(packet)
    metadata.Type, metadata.Subtype = Name.Metadata, Name.XML
    pdf.Root.Metadata = metadata
