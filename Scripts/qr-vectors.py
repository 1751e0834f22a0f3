#!/usr/bin/env python3
"""Generates Tests/RoundtripServerTests/Vectors/qr-vectors.json: known-answer QR matrices from an
independent encoder (segno, from PyPI) for RoundtripServer's QRCode tests.

    pip install segno    # 1.6.x was used
    python3 Scripts/qr-vectors.py

Byte mode, error correction M, versions 1-10, every mask, and the version and mask segno picks
by itself. Payloads are bytes (UTF-8), so no ECI header is involved.
"""
import json
import os

import segno

PAYLOADS = [
    b"hello",
    b"https://example.com/",
    b"https://terminal.example.com/logout?ulc-success=https%3A%2F%2Froundtrip.test%2Fcb%2FAbC%2Fsuccess",
    "caf\u00e9 \u2603 <&>\"'".encode("utf-8"),
    bytes(range(0, 40)),
    b"x" * 120,
    b"y" * 213,
]

vectors = []
for payload in PAYLOADS:
    auto = segno.make(payload, error="m", mode="byte", boost_error=False, micro=False)
    auto_version = int(auto.version)
    cases = [(auto_version, auto.mask, True)]
    cases += [(auto_version, mask, False) for mask in range(8) if mask != auto.mask]
    # every version from the smallest that fits up to 10, with one mask, so all block layouts are covered
    cases += [(version, version % 8, False) for version in range(auto_version + 1, 11)]
    for version, mask, is_auto in cases:
        code = segno.make(payload, error="m", mode="byte", version=version, mask=mask, boost_error=False, micro=False)
        vectors.append({
            "payload_hex": payload.hex(),
            "version": int(code.version),
            "mask": code.mask,
            "segno_chose": is_auto,
            "rows": ["".join("1" if module else "0" for module in row) for row in code.matrix],
        })

out = os.path.join(os.path.dirname(__file__), "..", "Tests", "RoundtripServerTests", "Vectors", "qr-vectors.json")
with open(out, "w") as handle:
    json.dump({"generator": "segno " + segno.__version__, "vectors": vectors}, handle, indent=0)
print(len(vectors), "vectors")
