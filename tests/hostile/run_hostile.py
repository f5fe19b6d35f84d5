"""run_hostile.py — runs the built `nnx` on every hostile input gen_hostile.py wrote (issue 27
§6) under a 10 s timeout and a 1 GiB address-space limit, and checks each answer: the exit
code and a stderr pattern, the wall time and peak RSS, that no sanitizer spoke, and that no
file outside the case's output folder changed. Prints one line per case and
"hostile: N passed, N failed, N skipped"; exits 1 if any failed.
Usage: run_hostile.py NNX CASES_DIR [--sanitized] [-k SUBSTRING]
"""
import argparse
import hashlib
import os
import re
import shutil
import signal
import stat
import sys
import tempfile
import time
import resource

TIME_LIMIT = 10.0  # seconds, issue 27 §6
MEMORY_LIMIT = 1 << 30  # bytes of address space (and of peak RSS)
SANITIZED_TIMEOUT = 60.0  # see docs/decisions/engine.md E46


def limit(name):
    """stderr of a broken limit (nnx_limit_error's format, exit 3)."""
    return r"error: .* \(the limit; raise it with nnx_model_options\.max_%s, nnx --max-%s\)" % (
        name, name.replace("_", "-"))


# (name, arguments after nnx, expected exit, stderr pattern (re.search)); {d} is the cases
# folder, {out} the case's output folder (outside the cases folder, made anew before each run).
CASES = [
    # (1) protobuf messages nested far past the depth limit
    ("onnx_type_6000_deep", ["check", "{d}/deep_type.onnx"], 3, limit("depth")),
    ("onnx_if_4000_deep", ["info", "{d}/deep_if.onnx"], 3, limit("depth")),
    # (2) a FIFO where a file belongs: refused, never waited on
    ("fifo_external_data", ["run", "{d}/onnx/ext_fifo.onnx", "--random-inputs", "1"], 1,
     r"ext_fifo\.bin: error: cannot read: not a regular file"),
    ("fifo_input", ["run", "{d}/relu.onnx", "--input", "x={d}/fifo/x.npy"], 1,
     r"x\.npy: error: cannot read: not a regular file"),
    ("fifo_model_onnx", ["info", "{d}/fifo/m.onnx"], 1, r"m\.onnx: error: cannot read: not a regular file"),
    ("fifo_model_nnef", ["check", "{d}/fifo/m.nnef"], 1, r"m\.nnef: error: cannot open: not a regular file or a folder"),
    ("fifo_nnvm_params", ["check", "{d}/nnvm_fifo/graph.json"], 1,
     r"graph\.params: error: cannot read: not a regular file"),
    # (3) NNEF: expansion to 2^39 operations, a 60000 x 60000 list, a 1 MB archive of 1 GB
    ("nnef_fragments_2pow39", ["check", "{d}/doubling_39.nnef"], 3, limit("operations")),
    ("nnef_comprehension_60000sq", ["check", "{d}/comprehension_60000.nnef"], 3, limit("elements")),
    ("nnef_archive_bomb", ["check", "{d}/bomb.tgz"], 3, limit("archive_(bytes|ratio)")),
    # the ratio raised: the 1 GiB member does not fit the 1 GiB address space (plain builds only)
    ("nnef_archive_bomb_raised", ["check", "{d}/bomb.tgz", "--max-archive-ratio", "1000000"], 4,
     r"bomb\.tgz:w\.dat: error: out of memory for the member \(1073741952 bytes\)"),
    # (4) big but honest: linear, well under the time limit
    ("onnx_chain_100k", ["check", "{d}/chain_100k.onnx"], 0, r"^$"),
    ("onnx_outputs_100k", ["check", "{d}/outputs_100k.onnx"], 0, r"^$"),
    ("onnx_unknown_ops_50k", ["check", "{d}/unknown_50k.onnx"], 3, r"error: 50000 unsupported operations"),
    ("nnvm_params_100k_names", ["run", "{d}/params_100k/graph.json", "--random-inputs", "1"], 0, r"^$"),
    ("nnvm_outputs_100k", ["check", "{d}/nnvm_outputs_100k.json"], 0, r"^$"),
    # (5) links that leave the model's folder; writing through a link inside the output
    ("nnef_dat_link_etc", ["check", "{d}/link_etc"], 1,
     r"w\.dat: error: cannot read: it leads out of the folder .*link_etc \(a symbolic link\)"),
    ("nnef_dat_link_outside", ["check", "{d}/link_outside"], 1,
     r"w\.dat: error: cannot read: it leads out of the folder .*link_outside \(a symbolic link\)"),
    ("onnx_external_link_outside", ["run", "{d}/ext_link/m.onnx", "--random-inputs", "1"], 1,
     r"w\.bin: error: cannot read: it leads out of the folder .*ext_link \(a symbolic link\)"),
    ("convert_into_folder_with_link", ["convert", "{d}/sub_label", "{out}"], 2, r"--force"),
    ("convert_force_over_link", ["convert", "--force", "{d}/sub_label", "{out}"], 0, r"^$"),
    # (6) fragment expansion 1,024 deep
    ("nnef_expansion_1024_deep", ["check", "{d}/chain_1024.nnef"], 3, limit("depth")),
    # (7) small malformed models, --random-inputs with bad external data, --threads 1000
    ("onnx_external_missing", ["run", "{d}/onnx/ext_missing.onnx", "--random-inputs", "1"], 1,
     r"no_such_file\.bin: error: cannot open: No such file or directory"),
    ("onnx_external_escape", ["run", "{d}/onnx/ext_escape.onnx", "--random-inputs", "1"], 1,
     r"external data location '\.\./\.\./etc/passwd' leaves the model's folder"),
    ("onnx_dim_negative", ["run", "{d}/onnx/dim_negative.onnx", "--random-inputs", "1"], 1,
     r"graph input 'x' dimension 1 has dim_value -1, not an extent"),
    ("onnx_dim_2pow62", ["run", "{d}/onnx/dim_huge.onnx", "--random-inputs", "1"], 3,
     r"graph input 'x' dimension 1 is 4611686018427387904, larger than an extent may be"),
    ("onnx_empty_op_type", ["run", "{d}/onnx/empty_op.onnx", "--random-inputs", "1"], 1,
     r"error: node 'N' has an empty op_type"),
    ("onnx_matmul_int32", ["run", "{d}/onnx/matmul_int32.onnx", "--random-inputs", "1"], 3,
     r"MatMul of int32 is not supported"),
    ("nnef_quant_bits_1000000", ["check", "{d}/quant_bits_huge"], 1,
     r"graph\.quant:1:\d+: error: 'linear_quantize' of 'w': bits = 1000000; must be a positive integer"),
    ("nnef_quant_bits_negative", ["check", "{d}/quant_bits_negative"], 1,
     r"graph\.quant:1:\d+: error: 'linear_quantize' of 'w': bits = -8; must be a positive integer"),
    ("nnef_quant_min_over_max", ["check", "{d}/quant_min_over_max"], 1,
     r"graph\.quant:1:\d+: error: 'linear_quantize' of 'w': min = 1 is greater than max = -1"),
    ("onnx_opset_99", ["check", "{d}/opset99.onnx"], 3, r"error: the model imports opset 99 of the default domain"),
    ("onnx_value_defined_twice", ["check", "{d}/defined_twice.onnx"], 1,
     r"error: node 'y' \(Neg, opset 13\): output 0 'y' is already defined"),
    ("nnef_value_defined_twice", ["check", "{d}/defined_twice.nnef"], 1,
     r"defined_twice\.nnef:7:5: error: 'y' is assigned twice"),
    # more workers than NNX_MAX_THREADS (256, engine decision E43) are a usage error
    ("threads_1000", ["run", "{d}/relu.onnx", "--random-inputs", "1", "--threads", "1000"], 2,
     r"--threads wants a number from 0 to 256 \(NNX_MAX_THREADS\), got '1000'"),
]

# What the cases that succeed print (re.search on stdout). The 100k-weight NNVM graph adds
# 1 to its input 100,000 times: --random-inputs draws it from [-1, 1).
STDOUT = {
    "onnx_chain_100k": r"chain_100k\.onnx: valid \(100000 operations, 1 inputs, 1 outputs\)",
    "onnx_outputs_100k": r"outputs_100k\.onnx: valid \(100000 operations, 1 inputs, 100000 outputs\)",
    "nnvm_params_100k_names": r"s99999: float32\[1\] min=(99999|100000)(\.\d+)? ",
    "nnvm_outputs_100k": r"valid \(100000 operations, 100000 inputs, 100000 outputs\)",
}

# Cases whose answer is the address-space limit's (exit 4): skipped in sanitizer builds.
NEEDS_MEMORY_LIMIT = {"nnef_archive_bomb_raised"}

SANITIZER_REPORT = re.compile(r"(Address|Leak|Thread|UndefinedBehavior)Sanitizer|runtime error:")


def snapshot(root, skip):
    """Every entry under root but the folder skip (None: none): kind, size, mtime, link target, content hash."""
    seen = {}
    for top, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if os.path.join(top, x) != skip]
        for name in dirs + files:
            p = os.path.join(top, name)
            st = os.lstat(p)
            entry = (stat.S_IFMT(st.st_mode), st.st_size, st.st_mtime_ns)
            if stat.S_ISLNK(st.st_mode):
                entry += (os.readlink(p),)
            elif stat.S_ISREG(st.st_mode) and st.st_size < (1 << 20):
                with open(p, "rb") as f:
                    entry += (hashlib.sha256(f.read()).hexdigest(),)
            seen[p] = entry
    return seen


def prepare_output(name, d, out):
    """The case's output folder, in its starting state: the convert cases find a link `sub`
    to the sentinel folder in it, through which `sub/w.dat` would land outside."""
    os.makedirs(os.path.dirname(out))
    if name.startswith("convert_"):
        os.makedirs(out)
        os.symlink(os.path.join(d, "sentinel"), os.path.join(out, "sub"))


def sanitizer_env():
    """The environment of a run in a sanitizer build: no RLIMIT_AS there (E46), so the
    sanitizer's own allocator bounds the memory (a runaway case must not take the host's)
    and a huge request fails like malloc instead of aborting."""
    env = dict(os.environ)
    extra = "hard_rss_limit_mb=2048:allocator_may_return_null=1"
    env["ASAN_OPTIONS"] = (env["ASAN_OPTIONS"] + ":" if env.get("ASAN_OPTIONS") else "") + extra
    env["TSAN_OPTIONS"] = (env["TSAN_OPTIONS"] + ":" if env.get("TSAN_OPTIONS") else "") + extra
    return env


def run_one(cmd, cwd, timeout, sanitized, log_dir):
    """Runs cmd in its own process group; returns (exit code or -signal, seconds, peak RSS
    bytes, stdout, stderr, timed out)."""
    def preexec():
        os.setpgrp()
        if not sanitized:
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    out_path, err_path = os.path.join(log_dir, "stdout"), os.path.join(log_dir, "stderr")
    with open(out_path, "wb") as fo, open(err_path, "wb") as fe:
        start = time.monotonic()
        pid = _spawn(cmd, cwd, fo, fe, preexec, sanitizer_env() if sanitized else None)
        timed_out = False
        while True:
            wpid, status, usage = os.wait4(pid, os.WNOHANG)
            if wpid == pid:
                break
            if time.monotonic() - start > timeout:
                timed_out = True
                os.killpg(pid, signal.SIGKILL)
                wpid, status, usage = os.wait4(pid, 0)
                break
            time.sleep(0.005)
        seconds = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    with open(out_path, "rb") as f:
        stdout = f.read().decode("utf-8", "replace")
    with open(err_path, "rb") as f:
        stderr = f.read().decode("utf-8", "replace")
    return code, seconds, usage.ru_maxrss * 1024, stdout, stderr, timed_out


def _spawn(cmd, cwd, fo, fe, preexec, env):
    pid = os.fork()
    if pid == 0:  # child
        try:
            os.chdir(cwd)
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
            os.dup2(fo.fileno(), 1)
            os.dup2(fe.fileno(), 2)
            preexec()
            if env is None:
                os.execv(cmd[0], cmd)
            os.execve(cmd[0], cmd, env)
        finally:
            os._exit(127)
    return pid


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("nnx")
    ap.add_argument("cases")
    ap.add_argument("--sanitized", action="store_true",
                    help="a sanitizer build: no address-space limit, RSS and time not asserted")
    ap.add_argument("-k", default="", help="run only the cases whose name contains this")
    args = ap.parse_args()
    nnx, d = os.path.abspath(args.nnx), os.path.abspath(args.cases)
    timeout = SANITIZED_TIMEOUT if args.sanitized else TIME_LIMIT
    passed = failed = skipped = 0
    scratch = tempfile.mkdtemp(prefix="nnx-hostile-")
    try:
        for name, argv, want_exit, pattern in CASES:
            if args.k not in name:
                continue
            out = os.path.join(scratch, "out", name, "out")
            prepare_output(name, d, out)
            cwd = os.path.join(scratch, "cwd", name)
            os.makedirs(cwd)
            if name == "nnef_dat_link_etc" and not os.path.exists("/etc/hostname"):
                skipped += 1
                print("skip %s  (no /etc/hostname)" % name, flush=True)
                continue
            if name in NEEDS_MEMORY_LIMIT and args.sanitized:
                skipped += 1
                print("skip %s  (needs the address-space limit)" % name, flush=True)
                continue
            cmd = [nnx] + [a.format(d=d, out=out) for a in argv]
            before = snapshot(d, None)
            code, secs, rss, stdout, stderr, timed_out = run_one(cmd, cwd, timeout, args.sanitized, scratch)
            after = snapshot(d, None)
            problems = []
            if timed_out:
                problems.append("killed after %.0f s" % timeout)
            elif code != want_exit:
                problems.append("exit %d, expected %d" % (code, want_exit))
            if not timed_out and not re.search(pattern, stderr, re.S):
                problems.append("stderr does not match /%s/" % pattern)
            if name in STDOUT and not re.search(STDOUT[name], stdout):
                problems.append("stdout does not match /%s/" % STDOUT[name])
            if SANITIZER_REPORT.search(stderr):
                problems.append("sanitizer report")
            if not args.sanitized:
                if secs >= TIME_LIMIT:
                    problems.append("%.2f s >= %.0f s" % (secs, TIME_LIMIT))
                if rss >= MEMORY_LIMIT:
                    problems.append("peak RSS %d MiB >= 1024 MiB" % (rss >> 20))
            changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
            if changed:
                problems.append("changed outside the output folder: " + ", ".join(changed[:5]))
            beside = [x for x in os.listdir(os.path.dirname(out)) if x != "out"]
            if beside:
                problems.append("left beside the output folder: " + ", ".join(sorted(beside)[:5]))
            if os.listdir(cwd):
                problems.append("wrote into its working folder: " + ", ".join(sorted(os.listdir(cwd))[:5]))
            if name == "convert_force_over_link" and not problems:
                w = os.path.join(out, "sub", "w.dat")
                if os.path.islink(os.path.join(out, "sub")) or not os.path.isfile(w):
                    problems.append("%s is not a file in a real folder" % w)
            first = stderr.strip().splitlines()[0][:160] if stderr.strip() else ""
            line = "%-32s exit %3d  %6.2f s  %5d MiB" % (name, code, secs, rss >> 20)
            if problems:
                failed += 1
                print("FAIL %s  %s\n     stderr: %s" % (line, "; ".join(problems), first), flush=True)
            else:
                passed += 1
                print("ok   %s" % line, flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("hostile: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
