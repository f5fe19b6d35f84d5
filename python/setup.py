"""setup.py — builds the nnx._nnx extension (python/src/*.c) linked with libnnx's static
library. libnnx comes from the repository around this folder: NNX_BUILD_DIR names an
existing CMake build tree to take src/libnnx.a from (the test script passes build/);
otherwise this configures and builds the library alone in python/build/libnnx (CMake and
the Debian packages of scripts/setup-debian.sh are needed)."""
import os
import shutil
import subprocess
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def libnnx() -> Path:
    """The path of libnnx.a, building it first when no build tree is given."""
    given = os.environ.get("NNX_BUILD_DIR")
    if given:
        lib = Path(given).resolve() / "src" / "libnnx.a"
        if not lib.is_file():
            raise SystemExit(f"NNX_BUILD_DIR={given}: {lib} does not exist; build the library there first")
        return lib
    if not (REPO / "include" / "nnx.h").is_file():
        raise SystemExit(f"{REPO} is not the nnx repository: the package builds from a checkout of it")
    tree = HERE / "build" / "libnnx"
    configure = ["cmake", "-S", str(REPO), "-B", str(tree), "-DNNX_BUILD_TESTS=OFF", "-DCMAKE_BUILD_TYPE=Release"]
    if shutil.which("ninja") and not (tree / "CMakeCache.txt").exists():
        configure += ["-G", "Ninja"]
    subprocess.run(configure, check=True)
    subprocess.run(["cmake", "--build", str(tree), "--target", "nnx_static", "-j", str(os.cpu_count() or 2)],
                   check=True)
    return tree / "src" / "libnnx.a"


def front_end_libraries(lib: Path) -> list:
    """The libraries libnnx.a needs besides libm and pthreads: those of the front ends its
    build tree (the CMakeCache.txt above src/libnnx.a) was configured with (NNX_WITH_*,
    all ON unless the cache says OFF)."""
    cache = lib.parent.parent / "CMakeCache.txt"
    text = cache.read_text() if cache.is_file() else ""
    wanted = []
    for option, name in (("NNX_WITH_ARCHIVE", "archive"), ("NNX_WITH_ONNX", "protobuf-c"), ("NNX_WITH_NNVM", "cjson")):
        if f"{option}:BOOL=OFF" not in text:
            wanted.append(name)
    return wanted


class BuildWithLibnnx(build_ext):
    def build_extension(self, ext):
        lib = str(libnnx())
        ext.libraries = front_end_libraries(Path(lib)) + ["m", "pthread"]
        ext.extra_objects = [lib]
        # setuptools relinks only when a dependency is newer than the extension.
        ext.depends = [lib] + [str(p) for p in (REPO / "include").glob("*.h")] + [str(p) for p in (HERE / "src").glob("*.h")]
        super().build_extension(ext)


extension = Extension(
    "nnx._nnx",
    sources=sorted(str(p.relative_to(HERE)) for p in (HERE / "src").glob("*.c")),
    include_dirs=[str(REPO / "include")],
    define_macros=[("Py_LIMITED_API", "0x030B0000")],
    py_limited_api=True,
    libraries=["m", "pthread"],  # and the front ends' (front_end_libraries), set when libnnx.a is known
    # A call outside the limited API is undeclared there: make that an error, not a crash.
    extra_compile_args=["-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-missing-field-initializers",
                        "-Werror=implicit-function-declaration", "-Werror=int-conversion",
                        "-Werror=incompatible-pointer-types"],
    # libnnx's own symbols stay inside the extension.
    extra_link_args=["-Wl,--exclude-libs,ALL"],
)

setup(
    ext_modules=[extension],
    cmdclass={"build_ext": BuildWithLibnnx},
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
)
