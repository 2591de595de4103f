//! Multi-block, differential and system testbenches live in `tests/`; shared helpers here.
