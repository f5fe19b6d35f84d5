#!/usr/bin/env python3
"""gen_tosa_flatbuffer_corpus.py — seed files for fuzz-tosa-flatbuffer: small valid .tosa
flatbuffers (every one under 512 bytes, the ctest's -max_len) laid out by hand from the TOSA
serialization library's schema, tosa.fbs (FlatBuffers binary format: root uoffset, "TOSA", each table
followed by its vtable), plus a few broken ones. Python standard library only.

Regenerate (the output is deterministic):
    python3 tests/fuzz/gen_tosa_flatbuffer_corpus.py tests/fuzz/corpus/tosa_flatbuffer
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile


class Fb:
    def __init__(self):
        self.b = bytearray(struct.pack("<I", 0) + b"TOSA")

    def pad(self, align):
        while len(self.b) % align:
            self.b.append(0)

    def link(self, at, target):
        struct.pack_into("<I", self.b, at, target - at)

    def table(self, n_slots, fields):
        """fields: list of (slot, size, value); returns (table position, {slot: position})."""
        self.pad(8 if any(size == 8 for _, size, _ in fields) else 4)
        t = len(self.b)
        self.b += b"\0\0\0\0"
        off, pos = [0] * n_slots, {}
        for slot, size, value in fields:
            self.pad(size)
            pos[slot] = len(self.b)
            off[slot] = len(self.b) - t
            fmt = {1: "<B", 4: "<I", 8: "<Q"}[size]
            self.b += struct.pack(fmt, value & ((1 << (8 * size)) - 1))
        tsize = len(self.b) - t
        self.pad(2)
        v = len(self.b)
        self.b += struct.pack("<HH", 4 + 2 * n_slots, tsize) + b"".join(struct.pack("<H", o) for o in off)
        struct.pack_into("<i", self.b, t, t - v)
        return t, pos

    def string(self, s):
        self.pad(4)
        at = len(self.b)
        self.b += struct.pack("<I", len(s)) + s.encode() + b"\0"
        return at

    def ints(self, values):
        self.pad(4)
        at = len(self.b)
        self.b += struct.pack("<I", len(values)) + b"".join(struct.pack("<i", v) for v in values)
        return at

    def data(self, raw):
        while (len(self.b) + 4) % 8:
            self.b.append(0)
        at = len(self.b)
        self.b += struct.pack("<I", len(raw)) + raw
        return at

    def refs(self, n):
        self.pad(4)
        at = len(self.b)
        self.b += struct.pack("<I", n) + b"\0" * (4 * n)
        return at

    def strings(self, at, names):
        v = self.refs(len(names))
        self.link(at, v)
        for i, n in enumerate(names):
            self.link(v + 4 + 4 * i, self.string(n))


def attr_table(fb, at, fields):
    """fields: list of (slot, kind, value) with kind 'i32', 'u8', 'ints', 'bytes', 'str'."""
    scalars = [(s, 4 if k == "i32" else 1, v) for s, k, v in fields if k in ("i32", "u8")]
    refs = [(s, 4, 0) for s, k, v in fields if k not in ("i32", "u8")]
    n = max([s for s, _, _ in fields], default=-1) + 1
    t, pos = fb.table(n, scalars + refs)
    fb.link(at, t)
    for s, k, v in fields:
        if k == "ints":
            fb.link(pos[s], fb.ints(v))
        elif k == "bytes":
            fb.link(pos[s], fb.data(v))
        elif k == "str":
            fb.link(pos[s], fb.string(v))


def graph(blocks, version=(1, 0, 0, False), software=None):
    """blocks: list of dicts name/ops/tensors/inputs/outputs/shapes."""
    fb = Fb()
    gf = [(0, 4, 0), (1, 4, 0)] + ([(2, 4, 0)] if software else [])
    g, gp = fb.table(3, gf)
    fb.link(0, g)
    major, minor, patch, draft = version
    v, _ = fb.table(4, [(0, 4, major), (1, 4, minor), (2, 4, patch), (3, 1, int(draft))])
    fb.link(gp[0], v)
    if software:
        s, sp = fb.table(4, [(0, 4, software[0]), (1, 4, software[1]), (2, 4, software[2]), (3, 4, 0)])
        fb.link(gp[2], s)
        fb.link(sp[3], fb.string(software[3]))
    regions = fb.refs(1)
    fb.link(gp[1], regions)
    r, rp = fb.table(2, [(0, 4, 0), (1, 4, 0)])
    fb.link(regions + 4, r)
    fb.link(rp[0], fb.string("main"))
    bl = fb.refs(len(blocks))
    fb.link(rp[1], bl)
    for i, blk in enumerate(blocks):
        keys = ["ops", "tensors", "inputs", "outputs", "shapes"]
        fields = [(0, 4, 0)] + [(1 + k, 4, 0) for k, key in enumerate(keys) if blk.get(key)]
        t, bp = fb.table(6, fields)
        fb.link(bl + 4 + 4 * i, t)
        fb.link(bp[0], fb.string(blk["name"]))
        ops = fb.refs(len(blk["ops"])) if blk["ops"] else None
        if ops is not None:
            fb.link(bp[1], ops)
        for j, (op, ins, outs, attr) in enumerate(blk["ops"]):
            fields = [(0, 4, op), (1, 1, op), (2, 4, 0)] + [(3 + k, 4, 0) for k, l in enumerate((ins, outs)) if l]
            o, op_pos = fb.table(6, fields)
            fb.link(ops + 4 + 4 * j, o)
            attr_table(fb, op_pos[2], attr)
            for k, names in enumerate((ins, outs)):
                if names:
                    fb.strings(op_pos[3 + k], names)
        if blk["tensors"]:
            ts = fb.refs(len(blk["tensors"]))
            fb.link(bp[2], ts)
        for j, (name, shape, dtype, raw) in enumerate(blk["tensors"]):
            fields = [(0, 4, 0), (1, 4, 0), (2, 4, dtype)] + ([(3, 4, 0)] if raw is not None else [])
            x, xp = fb.table(6, fields)
            fb.link(ts + 4 + 4 * j, x)
            fb.link(xp[0], fb.string(name))
            fb.link(xp[1], fb.ints(shape))
            if raw is not None:
                fb.link(xp[3], fb.data(raw))
        if blk["inputs"]:
            fb.strings(bp[3], blk["inputs"])
        if blk["outputs"]:
            fb.strings(bp[4], blk["outputs"])
        if blk.get("shapes"):
            sl = fb.refs(len(blk["shapes"]))
            fb.link(bp[5], sl)
            for j, (name, rank, raw) in enumerate(blk["shapes"]):
                s, sp = fb.table(3, [(0, 4, 0), (1, 4, rank), (2, 4, 0)])
                fb.link(sl + 4 + 4 * j, s)
                fb.link(sp[0], fb.string(name))
                fb.link(sp[2], fb.data(raw))
    return bytes(fb.b)


INT32, INT4, INT48, FP32, BOOL, SHAPE, INT64 = 5, 2, 6, 7, 1, 10, 17


def cases():
    out = {}
    out["add.tosa"] = graph([dict(name="main", ops=[(15, ["a", "b"], ["c"], [])],
                                  tensors=[("a", [2], INT32, None), ("b", [2], INT32, None), ("c", [2], INT32, None)],
                                  inputs=["a", "b"], outputs=["c"])])
    out["const_int4.tosa"] = graph([dict(name="main", ops=[(67, [], ["q"], [])],
                                         tensors=[("q", [5], INT4, bytes([0xE1, 0x87, 0x0F]))], inputs=[],
                                         outputs=["q"], shapes=[("s", 1, struct.pack("<q", 3))])],
                                   version=(1, 0, 1, True))
    out["const_int48.tosa"] = graph([dict(name="main", ops=[(67, [], ["w"], [])],
                                          tensors=[("w", [2], INT48, bytes([0xFE] + [0xFF] * 5 + [0] * 5 + [1]))],
                                          inputs=[], outputs=["w"])])
    branch = lambda name, op: dict(name=name, ops=[(op, [], [], [])], tensors=[], inputs=[], outputs=[])
    out["cond_if.tosa"] = graph([dict(name="main", ops=[(70, ["c", "x"], ["y"], [(0, "str", "t"), (1, "str", "e")])],
                                      tensors=[], inputs=["c", "x"], outputs=["y"]),
                                 branch("t", 68), branch("e", 41)])
    out["v11_dim.tosa"] = graph([dict(name="main", ops=[(79, ["x"], ["d"], [(0, "i32", 1)])],
                                      tensors=[("x", [2, 3], INT64, None), ("d", [1], SHAPE, None)],
                                      inputs=["x"], outputs=["d"])],
                                version=(1, 1, 0, True), software=(1, 1, 0, "dev"))
    out["conv.tosa"] = graph([dict(name="main", ops=[
        (3, ["x", "w"], ["y"], [(0, "ints", [0, 0, 0, 0]), (1, "ints", [1, 1]), (2, "ints", [1, 1]),
                                (3, "u8", 1), (4, "i32", FP32)])],
        tensors=[("w", [1, 1, 1, 1], FP32, struct.pack("<f", 2.0))], inputs=["x"], outputs=["y"])])
    out["clamp.tosa"] = graph([dict(name="main", ops=[
        (11, ["y"], ["z"], [(0, "bytes", struct.pack("<f", -1.0)), (1, "bytes", struct.pack("<f", 6.0)),
                            (2, "i32", 1)])],
        tensors=[("y", [1, 2], FP32, None)], inputs=["y"], outputs=["z"])])
    out["custom_rescale.tosa"] = graph([dict(name="main", ops=[
        (69, ["x"], ["y"], [(0, "str", "op"), (1, "str", "dom"), (2, "bytes", b"\1\2")]),
        (66, ["y"], ["z"], [(0, "u8", 1), (1, "i32", 1), (2, "u8", 1), (3, "u8", 0), (4, "u8", 1)])],
        tensors=[], inputs=["x"], outputs=["z"])])
    add = bytearray(out["add.tosa"])
    out["bad_identifier.tosa"] = bytes(add[:4] + b"TOSB" + add[8:])
    out["truncated.tosa"] = bytes(add[: len(add) // 2])
    root = bytearray(add)
    struct.pack_into("<I", root, 0, 0x10000)
    out["root_past_end.tosa"] = bytes(root)
    out["data_size_mismatch.tosa"] = graph([dict(name="main", ops=[], tensors=[("w", [2, 3], INT32, bytes(12))],
                                                 inputs=[], outputs=[])])
    return out


BROKEN = {"bad_identifier.tosa", "truncated.tosa", "root_past_end.tosa", "data_size_mismatch.tosa"}


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "corpus", "tosa_flatbuffer")
    os.makedirs(folder, exist_ok=True)
    flatc = shutil.which("flatc")
    schema = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tosa_check.fbs")
    for name, data in cases().items():
        assert len(data) < 512, (name, len(data))
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
        if not flatc or name in BROKEN:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, name)
            with open(src, "wb") as f:
                f.write(data)
            subprocess.run([flatc, "--json", "--strict-json", "--raw-binary", "-o", tmp, schema, "--", src],
                           check=True)
            json_path = os.path.join(tmp, name[: -len(".tosa")] + ".json")
            subprocess.run([flatc, "-b", "-o", os.path.join(tmp, "b"), schema, json_path], check=True)
            with open(os.path.join(tmp, "b", name[: -len(".tosa")] + ".tosa"), "rb") as f:
                built = f.read()
        assert len(built) < 512, ("flatc_" + name, len(built))
        with open(os.path.join(folder, "flatc_" + name), "wb") as f:
            f.write(built)


if __name__ == "__main__":
    main()
