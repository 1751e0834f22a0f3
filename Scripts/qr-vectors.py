#!/usr/bin/env python3
"""Generates Tests/RoundtripServerTests/Vectors/qr-vectors.json: known-answer QR matrices from an
independent encoder for RoundtripServer's QRCode tests.

    pip install qrcode==8.2      # the reference (pure Python, from PyPI)
    python3 Scripts/qr-vectors.py

Byte mode, error correction M, versions 1-10, every mask, plus the smallest version the
reference picks by itself. Payloads are bytes, so no ECI header is involved.

Why qrcode and not segno: segno 1.6 always appends a whole extra 0x00 codeword after the 4-bit
terminator when the bit stream is already byte-aligned (which byte mode always is), so its pad
codewords start "00 EC 11" instead of ISO/IEC 18004 7.4.10's "EC 11". The symbol still decodes,
but it is not the standard's codeword sequence, so it cannot serve as a module-exact vector.
"""
import json
import os

import qrcode
import qrcode.util

PAYLOADS = [
    b"hello",
    b"https://example.com/",
    b"https://terminal.example.com/logout?ulc-success=https%3A%2F%2Froundtrip.test%2Fcb%2FAbC%2Fsuccess",
    "caf\u00e9 \u2603 <&>\"'".encode("utf-8"),
    bytes(range(0, 40)),
    b"x" * 120,
    b"y" * 213,
]


def make(payload, version=None, mask=None):
    code = qrcode.QRCode(version=version, error_correction=qrcode.constants.ERROR_CORRECT_M, border=0, mask_pattern=mask)
    code.add_data(qrcode.util.QRData(payload, mode=qrcode.util.MODE_8BIT_BYTE))
    code.make(fit=version is None)
    return code


vectors = []
for payload in PAYLOADS:
    smallest = make(payload).version
    cases = [(smallest, mask, mask == 0) for mask in range(8)]
    # every larger version up to 10 with one mask, so all block layouts are covered
    cases += [(version, version % 8, False) for version in range(smallest + 1, 11)]
    for version, mask, is_smallest in cases:
        code = make(payload, version, mask)
        vectors.append({
            "payload_hex": payload.hex(),
            "version": version,
            "mask": mask,
            "reference_chose_version": is_smallest,
            "rows": ["".join("1" if module else "0" for module in row) for row in code.get_matrix()],
        })

out = os.path.join(os.path.dirname(__file__), "..", "Tests", "RoundtripServerTests", "Vectors", "qr-vectors.json")
with open(out, "w") as handle:
    json.dump({"generator": "python qrcode 8.2", "vectors": vectors}, handle, indent=0)
print(len(vectors), "vectors")
