#!/usr/bin/python3
# check_output.py OUTPUT EXPECTED — compares an output `nnx run` wrote (.npy, or an NNEF .dat
# file read here from its §5.2 header) with the values numpy computed (EXPECTED, .npy):
# same shape, float32, within 1e-6 relative / 1e-7 absolute. Exits 77 (the tests' "skipped")
# when numpy is not installed.
import struct
import sys

try:
    import numpy as np
except ImportError:
    print("check_output.py: numpy is not installed; skipped")
    sys.exit(77)


def load_dat(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[0:4] == b"\x4e\xef\x01\x00", "not an NNEF 1.0 tensor file"
    length, rank = struct.unpack_from("<II", data, 4)
    shape = struct.unpack_from("<%dI" % rank, data, 12)
    bits, code = struct.unpack_from("<II", data, 44)
    assert (bits, code) == (32, 0), "not float32 items: bits %d, code %d" % (bits, code)
    assert len(data) == 128 + length
    return np.frombuffer(data, "<f4", offset=128).reshape(shape)


def main():
    out, expected = sys.argv[1], np.load(sys.argv[2])
    got = load_dat(out) if out.endswith(".dat") else np.load(out)
    assert got.dtype == np.float32, got.dtype
    assert got.shape == expected.shape, (got.shape, expected.shape)
    assert np.allclose(got, expected, rtol=1e-6, atol=1e-7), (got, expected)
    print("%s: matches numpy (largest difference %.3g)" % (out, np.abs(got - expected).max()))


main()
