"""The one colour space cardkit prints in: sRGB. Pictures are converted to it (art.py), the
PNGs carry its profile, and a print-ready PDF names it as its output intent."""

from pathlib import Path

# littleCMS's built-in sRGB, saved with a fixed creation date so the files holding it do not
# change from one build to the next.
SRGB_PROFILE_FILE = Path(__file__).with_name("sRGB.icc")
