"""vp sweep: design-space sweeps over `vp run` (docs/sweeps.md)."""
