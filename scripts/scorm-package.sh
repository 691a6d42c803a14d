#!/usr/bin/env bash
# Makes a SCORM 1.2 package of one lesson from the release build (README, "SCORM 1.2 package"):
#   trunk build --release && scripts/scorm-package.sh <lesson-id> [zh|en] [out.zip]
# The zip holds dist/ as it is (the precompressed .gz/.br copies left out: an LMS serves the
# files plainly), a launch page that opens the lesson with `embed=1&hide=picker&scorm=1`, and
# imsmanifest.xml (ADL SCORM 1.2: one organization, one item, one SCO resource listing every
# file). Python's standard zipfile only: nothing to download. TITLE=... names the item.
set -euo pipefail
cd "$(dirname "$0")/.."
LESSON="${1:-}"
LANG_CODE="${2:-en}"
OUT="${3:-scorm-$LESSON-$LANG_CODE.zip}"
DIST="${DIST:-dist}"
usage="usage: scripts/scorm-package.sh <lesson-id> [zh|en] [out.zip]"
[[ "$LESSON" =~ ^[a-z0-9][a-z0-9-]*$ ]] || { echo "scorm-package: a lesson id (letters, digits, '-') is needed; $usage" >&2; exit 2; }
[[ "$LANG_CODE" == zh || "$LANG_CODE" == en ]] || { echo "scorm-package: the language must be zh or en, not '$LANG_CODE'; $usage" >&2; exit 2; }
[ -f "$DIST/index.html" ] || { echo "scorm-package: $DIST/index.html missing: run trunk build --release first" >&2; exit 1; }
# The lesson ids are strings in the module: an id it does not hold would open another lesson.
grep -qF -- "$LESSON" "$DIST"/*_bg.wasm || { echo "scorm-package: no lesson '$LESSON' in this build (the ids are in README's lesson list)" >&2; exit 1; }
LESSON="$LESSON" LANG_CODE="$LANG_CODE" OUT="$OUT" DIST="$DIST" TITLE="${TITLE:-}" python3 - <<'PY'
import os, zipfile
from xml.sax.saxutils import escape, quoteattr

lesson, lang, out, dist = (os.environ[k] for k in ("LESSON", "LANG_CODE", "OUT", "DIST"))
title = os.environ["TITLE"] or f"Agent Team Playground: {lesson}"
launch = "scorm-launch.html"
fragment = f"#lesson={lesson}&lang={lang}&embed=1&hide=picker&scorm=1"
# The LMS may add a query to the launch address; the lesson is named in the fragment of the
# page it opens, which no LMS touches.
launch_html = f"""<!doctype html>
<html lang="{ 'zh-CN' if lang == 'zh' else 'en' }">
<head><meta charset="utf-8"><title>{escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script>location.replace("index.html" + {fragment!r});</script></head>
<body><p><a href="index.html{escape(fragment)}">{escape(title)}</a></p></body>
</html>
"""
files = []
for root, dirs, names in os.walk(dist):
    # Hidden entries are a build's leftovers (Trunk's `.stage` while it builds), not the site.
    dirs[:] = [d for d in dirs if not d.startswith(".")]
    files += [
        os.path.relpath(os.path.join(root, name), dist).replace(os.sep, "/")
        for name in names
        if not name.startswith(".") and not name.endswith((".gz", ".br"))
    ]
files.sort()
listed = [launch] + files
manifest = f"""<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier={quoteattr(f"agent-team-playground-{lesson}-{lang}")} version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>{escape(title)}</title>
      <item identifier="item-1" identifierref="sco-1" isvisible="true">
        <title>{escape(title)}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-1" type="webcontent" adlcp:scormtype="sco" href="{launch}">
""" + "".join(f"      <file href={quoteattr(f)}/>\n" for f in listed) + """    </resource>
  </resources>
</manifest>
"""
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("imsmanifest.xml", manifest)
    z.writestr(launch, launch_html)
    for f in files:
        z.write(os.path.join(dist, f), f)
print(f"scorm-package: {out}: {lesson} ({lang}), {len(listed)} files and imsmanifest.xml, {os.path.getsize(out)} bytes")
PY
