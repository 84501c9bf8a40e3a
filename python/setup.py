"""The wheel's tag and layout follow what it carries.

Everything else is in pyproject.toml. A wheel built by ``make wheel`` (scripts/build-wheel)
holds the Go commands in ``flickarena/_bin/`` and the in-process library in
``flickarena/_lib/``: machine code for one platform, so the distribution counts as having
extension modules (the package installs into platlib) and the wheel is tagged
``py3-none-<platform>``: any Python 3 (no Python C API is used), this platform only. Without
them (``pip install ./python``, the editable install) the package is pure Python and the wheel
stays ``py3-none-any``.
"""

from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.bdist_wheel import bdist_wheel

PACKAGE = Path(__file__).resolve().parent / "flickarena"


def bundles_binaries() -> bool:
    """Reports whether the package directory holds bundled binaries (_bin/ or _lib/)."""
    return any(d.is_dir() and any(d.iterdir()) for d in (PACKAGE / "_bin", PACKAGE / "_lib"))


class BundleDistribution(Distribution):
    """A distribution that is not pure when it bundles binaries."""

    def has_ext_modules(self) -> bool:
        return super().has_ext_modules() or bundles_binaries()


class PlatformWheel(bdist_wheel):
    """bdist_wheel tagging a non-pure wheel py3-none-<platform> rather than for one CPython."""

    def get_tag(self) -> tuple[str, str, str]:
        python, abi, platform = super().get_tag()
        if self.root_is_pure:
            return python, abi, platform
        return "py3", "none", platform


setup(distclass=BundleDistribution, cmdclass={"bdist_wheel": PlatformWheel})
