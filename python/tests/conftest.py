"""conftest.py — what the Python tests share: the repository root and the shared test data
folder ($NNX_TESTDATA, else ../shared/testdata beside the repository), as fixtures."""
import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def testdata_dir() -> pathlib.Path:
    """The shared test data folder, whether or not it exists."""
    return pathlib.Path(os.environ.get("NNX_TESTDATA", REPO.parent / "shared" / "testdata")).resolve()


@pytest.fixture(scope="session")
def repo() -> pathlib.Path:
    return REPO


@pytest.fixture(scope="session")
def testdata() -> pathlib.Path:
    folder = testdata_dir()
    if not folder.is_dir():
        pytest.skip(f"no shared test data at {folder} (set NNX_TESTDATA)")
    return folder
